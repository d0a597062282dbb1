import { ZUsername } from '@stagepass/contract/auth';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { UsernameStatus } from '../../../ui/username-field';
import { useUsernameAvailability } from './get-username-availability';

/** The spec's wait between the last keystroke and the availability check. */
const checkDelayMs = 400;

/**
 * The live availability of `username`, checked once it has not changed for 400 ms and its
 * format is right. `currentUsername` (the profile editor's own) is the person's already: it
 * is never checked, nor reported as taken.
 */
export function useUsernameStatus(
  username: string,
  { currentUsername }: { currentUsername?: string } = {},
): UsernameStatus {
  const value = username.trim();
  const settledValue = useDebouncedValue(value, checkDelayMs);
  const isSettled = settledValue === value;
  const isBlank = value.replace(/^@/, '') === '';
  const parsed = ZUsername.safeParse(settledValue);
  const isUnchanged = parsed.success && parsed.data === currentUsername;
  const availability = useUsernameAvailability(parsed.data ?? '', {
    isEnabled: isSettled && !isBlank && parsed.success && !isUnchanged,
  });

  if (isBlank || !isSettled || isUnchanged) return { kind: 'idle' };
  if (!parsed.success) return { kind: 'invalid', message: parsed.error.issues[0]?.message ?? '' };
  // A failed check says nothing: the server checks again when the form is sent.
  if (availability.isError) return { kind: 'idle' };
  if (!availability.data) return { kind: 'checking' };
  const { available, username: storedUsername, suggestions, message } = availability.data;
  if (storedUsername === null) return { kind: 'invalid', message: message ?? '' };
  if (available) return { kind: 'available', username: storedUsername };
  return { kind: 'taken', username: storedUsername, suggestions };
}
