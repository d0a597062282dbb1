import { accountSettingsRoutes, SETTINGS_MESSAGES } from '@stagepass/contract/account-settings';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { limitPerSignedInAccount } from '../../plugins/rate-limits.ts';
import { clearAuthCookies } from '../../plugins/session.ts';
import {
  confirmEmailChange,
  EMAIL_CHANGE_COOKIE,
  EMAIL_CHANGE_LIFETIME_MS,
  requestEmailChange,
} from './change-email.service.ts';
import { changePassword } from './change-password.service.ts';
import { deleteAccount } from './delete-account.service.ts';

// Step one's path, so step two (below it) is the only other request that carries the cookie.
const EMAIL_CHANGE_COOKIE_PATH = accountSettingsRoutes.requestEmailChange.path;

/** Settings of the signed-in account: email, password, deletion. */
export async function registerAccountSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, mailer, mediaStore } = app;

  // Counted per account (wherever it asks from) on top of the routes' per-address limits:
  // these routes check a password or send mail, so guessing and mail floods stop here.
  const limitEmailChanges = limitPerSignedInAccount(app, 'email-change', {
    max: 3,
    timeWindow: '10 minutes',
  });
  const limitPasswordChanges = limitPerSignedInAccount(app, 'password-change', {
    max: 5,
    timeWindow: '15 minutes',
  });
  const limitDeletions = limitPerSignedInAccount(app, 'account-delete', { max: 5, timeWindow: '15 minutes' });

  registerRoute(
    app,
    accountSettingsRoutes.requestEmailChange,
    async (request, reply, current) => {
      const pending = await requestEmailChange({ db, config, mailer, current, ...request.body });
      reply.setCookie(EMAIL_CHANGE_COOKIE, pending, {
        path: EMAIL_CHANGE_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: config.isProduction,
        maxAge: EMAIL_CHANGE_LIFETIME_MS / 1000,
      });
      return { success: true as const, message: SETTINGS_MESSAGES.emailCodeSent };
    },
    { config: { rateLimit: { max: 5, timeWindow: '10 minutes' } }, preHandler: limitEmailChanges },
  );

  registerRoute(
    app,
    accountSettingsRoutes.confirmEmailChange,
    async (request, reply, current) => {
      await confirmEmailChange({
        db,
        config,
        mailer,
        log: request.log,
        current,
        pendingCookie: request.cookies[EMAIL_CHANGE_COOKIE],
        code: request.body.code,
      });
      reply.clearCookie(EMAIL_CHANGE_COOKIE, { path: EMAIL_CHANGE_COOKIE_PATH });
      return { success: true as const, message: SETTINGS_MESSAGES.emailChanged };
    },
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
  );

  registerRoute(
    app,
    accountSettingsRoutes.changePassword,
    async (request, _reply, current) => {
      const { currentPassword, password } = request.body;
      await changePassword({ db, current, currentPassword, password });
      return { success: true as const, message: SETTINGS_MESSAGES.passwordChanged };
    },
    { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } }, preHandler: limitPasswordChanges },
  );

  registerRoute(
    app,
    accountSettingsRoutes.deleteAccount,
    async (request, reply, current) => {
      await deleteAccount({
        db,
        mediaStore,
        current,
        currentPassword: request.body.currentPassword,
        payouts: config.payouts,
      });
      clearAuthCookies(reply, config);
      return { success: true as const, message: SETTINGS_MESSAGES.accountDeleted };
    },
    { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } }, preHandler: limitDeletions },
  );
}
