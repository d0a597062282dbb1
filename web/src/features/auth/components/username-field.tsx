import { ZUsername } from '@stagepass/contract/auth';
import type { Ref } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { TextField } from '../../../ui/form-fields';
import { useUsernameAvailability } from '../api/get-username-availability';

/** The spec's wait between the last keystroke and the availability check. */
const checkDelayMs = 400;

export type UsernameStatus =
  | { kind: 'idle' | 'checking' }
  | { kind: 'invalid'; message: string }
  | { kind: 'available'; username: string }
  | { kind: 'taken'; username: string; suggestions: string[] };

/** Checks the username once it has not changed for 400 ms and its format is right. */
export function useUsernameStatus(username: string): UsernameStatus {
  const value = username.trim();
  const settledValue = useDebouncedValue(value, checkDelayMs);
  const isSettled = settledValue === value;
  const isBlank = value.replace(/^@/, '') === '';
  const parsed = ZUsername.safeParse(settledValue);
  const availability = useUsernameAvailability(parsed.data ?? '', {
    isEnabled: isSettled && !isBlank && parsed.success,
  });

  if (isBlank || !isSettled) return { kind: 'idle' };
  if (!parsed.success) return { kind: 'invalid', message: parsed.error.issues[0]?.message ?? '' };
  // A failed check says nothing: the server checks again on Sign Up.
  if (availability.isError) return { kind: 'idle' };
  if (!availability.data) return { kind: 'checking' };
  const { available, username: storedUsername, suggestions, message } = availability.data;
  if (storedUsername === null) return { kind: 'invalid', message: message ?? '' };
  if (available) return { kind: 'available', username: storedUsername };
  return { kind: 'taken', username: storedUsername, suggestions };
}

type UsernameFieldProps = {
  value: string;
  status: UsernameStatus;
  /** An error of the last Sign Up (format, or the server's answer). */
  error?: string;
  onChange: (username: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/** The username with its live availability: the spec's 'not available' sentence and two suggestions. */
export function UsernameField({ value, status, error, onChange, ref }: UsernameFieldProps) {
  const takenMessage =
    status.kind === 'taken' ? (
      <>
        <p className="username-taken">
          The Username '{status.username}' is not available{' '}
          <button
            type="button"
            className="username-taken__clear"
            title="Clear the username"
            onClick={() => onChange('')}
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
      label="Username"
      name="username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value)}
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
