import {
  SETTINGS_MESSAGES,
  ZChangeEmailRequest,
  ZChangePasswordRequest,
  ZConfirmEmailChangeRequest,
  ZDeleteAccountRequest,
  ZSettingsMessageResponse,
} from '@stagepass/contract/account-settings';
import { ZErrorResponse } from '@stagepass/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { limitPerSignedInAccount } from '../../plugins/rate-limits.ts';
import { clearAuthCookies, requireSecurityCheckedSession } from '../../plugins/session.ts';
import {
  confirmEmailChange,
  EMAIL_CHANGE_COOKIE,
  EMAIL_CHANGE_LIFETIME_MS,
  requestEmailChange,
} from './change-email.service.ts';
import { changePassword } from './change-password.service.ts';
import { deleteAccount } from './delete-account.service.ts';

const tags = ['settings'];
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
};
const EMAIL_CHANGE_COOKIE_PATH = '/api/account/email';

/** Settings of the signed-in account: email, password, deletion. */
export async function registerAccountSettingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
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

  app.post(
    '/api/account/email',
    {
      schema: {
        tags,
        summary: 'Change email, step one: mail a 6-digit code to the new address',
        description:
          'Needs the security question answered in this session, and currentPassword when the ' +
          'account has a password. Sets a short-lived cookie that step two reads.',
        body: ZChangeEmailRequest,
        response: { 200: ZSettingsMessageResponse, ...errors },
      },
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      preHandler: limitEmailChanges,
    },
    async (request, reply) => {
      const current = await requireSecurityCheckedSession(request);
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
  );

  app.post(
    '/api/account/email/confirm',
    {
      schema: {
        tags,
        summary: 'Change email, step two: the code from the new address switches it (and verifies it)',
        body: ZConfirmEmailChangeRequest,
        response: { 200: ZSettingsMessageResponse, ...errors },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const current = await requireSecurityCheckedSession(request);
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
  );

  app.post(
    '/api/account/password',
    {
      schema: {
        tags,
        summary: 'Change the password (or set a first one); signs out every other session',
        body: ZChangePasswordRequest,
        response: { 200: ZSettingsMessageResponse, ...errors },
      },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      preHandler: limitPasswordChanges,
    },
    async (request) => {
      const current = await requireSecurityCheckedSession(request);
      const { currentPassword, password } = request.body;
      await changePassword({ db, current, currentPassword, password });
      return { success: true as const, message: SETTINGS_MESSAGES.passwordChanged };
    },
  );

  app.delete(
    '/api/account',
    {
      schema: {
        tags,
        summary: 'Delete the account, its personal data and its uploads; signs this browser out',
        body: ZDeleteAccountRequest,
        response: { 200: ZSettingsMessageResponse, ...errors },
      },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      preHandler: limitDeletions,
    },
    async (request, reply) => {
      const current = await requireSecurityCheckedSession(request);
      await deleteAccount({ db, mediaStore, current, currentPassword: request.body.currentPassword });
      clearAuthCookies(reply, config);
      return { success: true as const, message: SETTINGS_MESSAGES.accountDeleted };
    },
  );
}
