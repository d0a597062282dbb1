import { type Ref, useId } from 'react';
import { TextField } from './form-fields';
import './username-field.css';

/** What the live availability check says of the username typed so far. */
export type UsernameStatus =
  | { kind: 'idle' | 'checking' }
  | { kind: 'invalid'; message: string }
  | { kind: 'available'; username: string }
  | { kind: 'taken'; username: string; suggestions: string[] };

type UsernameFieldProps = {
  value: string;
  status: UsernameStatus;
  /** The form's own error for the field (its format, or the server's answer on submit). */
  error?: string;
  onChange: (username: string) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
};

/**
 * The username with its live availability: the spec's "The Username '{x}' is not available X"
 * (X clears it) and two suggestions to pick.
 */
export function UsernameField({ value, status, error, onChange, onBlur, ref }: UsernameFieldProps) {
  const inputId = useId();
  const takenMessage =
    status.kind === 'taken' ? (
      <>
        <p className="username-taken">
          The Username '{status.username}' is not available{' '}
          <button
            type="button"
            className="username-taken__clear"
            title="Clear the username"
            onClick={() => {
              onChange('');
              // Cleared: the person types a new one.
              document.getElementById(inputId)?.focus();
            }}
          >
            X
          </button>
        </p>
        {status.suggestions.length > 0 ? (
          <div className="username-suggestions">
            <span className="username-suggestions__label">Try:</span>
            {status.suggestions.map((suggestion) => (
              <button
                key={suggestion}
                type="button"
                className="username-suggestions__choice"
                onClick={() => onChange(suggestion)}
              >
                {suggestion}
              </button>
            ))}
          </div>
        ) : null}
      </>
    ) : null;
  const shownError = takenMessage ?? (status.kind === 'invalid' ? status.message : null) ?? error;

  return (
    <TextField
      ref={ref}
      id={inputId}
      label="Username"
      name="username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={shownError || undefined}
      hint={
        // A status region, so the result of the check is announced once it arrives.
        <span role="status">
          {status.kind === 'checking' ? 'Checking…' : null}
          {status.kind === 'available' ? `'${status.username}' is available` : null}
        </span>
      }
      hintClassName={status.kind === 'available' ? 'field__hint--success' : undefined}
    />
  );
}
