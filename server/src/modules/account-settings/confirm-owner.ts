import { SETTINGS_MESSAGES } from '@stagepass/contract/account-settings';
import { AppError } from '../../lib/errors.ts';
import { verifySecret } from '../auth/passwords.ts';
import type { CurrentSession } from '../auth/sessions.ts';

/**
 * A signed-in browser is not enough to change how the account is reached or to end it:
 * the person proves it is them again. With a password, by typing it; an account made
 * through social sign-in has none, so it must have answered its security question in this
 * session (the 2-day check cookie).
 */
export async function confirmItIsTheOwner(
  current: CurrentSession,
  currentPassword: string | undefined,
): Promise<void> {
  const { user } = current;
  if (user.passwordHash) {
    if (!currentPassword || !(await verifySecret(user.passwordHash, currentPassword))) {
      throw new AppError('WRONG_PASSWORD', SETTINGS_MESSAGES.wrongPassword, 400);
    }
    return;
  }
  if (!current.isSecurityChecked) {
    throw new AppError('SECURITY_CHECK_REQUIRED', SETTINGS_MESSAGES.securityCheckRequired, 403);
  }
}
