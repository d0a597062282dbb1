import { SETTINGS_MESSAGES } from '@stagepass/contract/account-settings';
import { AppError } from '../../lib/errors.ts';
import { verifySecret } from '../../lib/passwords.ts';
import type { CurrentSession } from '../../plugins/session.ts';

/**
 * A signed-in browser is not enough to change how the account is reached or to end it:
 * the person proves it is them again. Every settings route already needs the security
 * question answered in this session (the routes' 'security-checked' audience); an account with a
 * password also types it, so a session left open on a shared phone is not enough.
 */
export async function confirmItIsTheOwner(
  current: CurrentSession,
  currentPassword: string | undefined,
): Promise<void> {
  const { user } = current;
  if (!user.passwordHash) return;
  if (!currentPassword || !(await verifySecret(user.passwordHash, currentPassword))) {
    throw new AppError('WRONG_PASSWORD', SETTINGS_MESSAGES.wrongPassword, 400);
  }
}
