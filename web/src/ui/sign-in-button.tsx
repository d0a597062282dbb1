import { useModal } from '../lib/modals/use-modal';

type SignInButtonProps = {
  variant?: 'primary' | 'secondary';
  /** Pressed inside a modal: the signin modal takes that modal's place in the history. */
  isInModal?: boolean;
};

/** Sign In that leaves the visitor where they are once signed in (the signin modal's no-redirect). */
export function SignInButton({ variant = 'primary', isInModal = false }: SignInButtonProps) {
  const { openModal } = useModal();
  return (
    <button
      type="button"
      className={`button button--${variant}`}
      onClick={() => openModal('signin', { options: 'no-redirect', shouldReplace: isInModal })}
    >
      Sign In
    </button>
  );
}
