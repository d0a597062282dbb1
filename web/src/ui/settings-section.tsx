import { type FormEvent, type ReactNode, useId } from 'react';
import { FormFailure } from './form-failure';
import './settings-section.css';

/** One titled card of the settings page. */
export function SettingsSection({
  title,
  description,
  children,
  tone,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: 'danger';
}) {
  const titleId = useId();
  return (
    <section
      className={tone === 'danger' ? 'settings-section settings-section--danger' : 'settings-section'}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="settings-section__title">
        {title}
      </h2>
      {description ? <p className="settings-section__description">{description}</p> : null}
      {children}
    </section>
  );
}

/** A success notice, read out when it appears. */
export function SuccessNotice({ message }: { message: string | null }) {
  return (
    <p
      className="form__notice form__notice--success settings-section__notice"
      role="status"
      hidden={!message}
    >
      {message}
    </p>
  );
}

type SettingsFormProps = {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Why the last request failed; nothing while it has not. */
  failure?: string;
  submitLabel: string;
  isPending: boolean;
  tone?: 'danger';
  /** A second action, at the start of the row (the submit button stays at the end). */
  secondaryAction?: ReactNode;
  children: ReactNode;
};

/** A settings form: its failure, its fields, then its button at the end of the row. */
export function SettingsForm({
  onSubmit,
  failure,
  submitLabel,
  isPending,
  tone,
  secondaryAction,
  children,
}: SettingsFormProps) {
  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <FormFailure message={failure} />
      {children}
      <div className={secondaryAction ? 'form__actions form__actions--split' : 'form__actions'}>
        {secondaryAction}
        <button
          type="submit"
          className={tone === 'danger' ? 'button button--danger' : 'button button--primary'}
          disabled={isPending}
          aria-busy={isPending}
        >
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
