import type { ReactNode } from 'react';

type SubmitButtonProps = {
  /** While the form's request is on its way: the button is busy and takes no second click. */
  isPending: boolean;
  /** Disabled for a reason of the form's own, e.g. a required choice not made yet. */
  disabled?: boolean;
  children: ReactNode;
};

/** A form's primary button. */
export function SubmitButton({ isPending, disabled = false, children }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className="button button--primary form__submit"
      disabled={isPending || disabled}
      aria-busy={isPending}
    >
      {children}
    </button>
  );
}
