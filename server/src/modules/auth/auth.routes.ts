import { SETTINGS_MESSAGES } from '@stagepass/contract/account-settings';
import {
  AUTH_MESSAGES,
  ZForgotPasswordRequest,
  ZMessageResponse,
  ZResendCodeRequest,
  ZResetPasswordRequest,
  ZResetPasswordResponse,
  ZSessionUser,
  ZSetSecurityQuestionRequest,
  ZSignInRequest,
  ZSignInResponse,
  ZSignOutResponse,
  ZSignUpRequest,
  ZSignUpResponse,
  ZUsernameAvailabilityParams,
  ZUsernameAvailabilityResponse,
  ZVerifyCodeRequest,
  ZVerifyCodeResponse,
  ZVerifySecurityQuestionRequest,
} from '@stagepass/contract/auth';
import { ZErrorResponse } from '@stagepass/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { limitPerAccount, limitPerSignedInAccount } from '../../plugins/rate-limits.ts';
import {
  clearAuthCookies,
  findCurrentSession,
  requireCurrentSession,
  SESSION_COOKIE,
  setSecurityCheckCookie,
  setSessionCookie,
} from '../../plugins/session.ts';
import { queueAuthMail, registerAuthMailJob } from './auth-mail-job.ts';
import { verifyEmailCode } from './email-verification.service.ts';
import { checkResetLink, resetPassword } from './password-reset.service.ts';
import { checkSecurityAnswer, setSecurityQuestion } from './security-question.service.ts';
import { describeSession, describeSessionUser } from './session-user.service.ts';
import { revokeSession } from './sessions.service.ts';
import { signIn } from './sign-in.service.ts';
import { signUp } from './sign-up.service.ts';
import { findProviderLogoutUrl } from './social-sign-in/oidc.routes.ts';
import { checkUsernameAvailability } from './usernames.ts';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
};
const tags = ['accounts'];

export async function registerAuthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, mailer } = app;
  registerAuthMailJob(app);
  // Per account as well as per address (the route's own limit): guesses spread over many
  // addresses still meet these. They count where junk traffic cannot reset them.
  const limitResendsPerEmail = limitPerAccount(app, 'resend', { max: 3, timeWindow: '10 minutes' });
  const limitResetMailsPerEmail = limitPerAccount(app, 'forgot', { max: 3, timeWindow: '15 minutes' });
  const limitSignInsPerAccount = limitPerAccount(app, 'signin', { max: 10, timeWindow: '15 minutes' });
  const limitAnswersPerAccount = limitPerSignedInAccount(app, 'security-answer', {
    max: 5,
    timeWindow: '15 minutes',
  });

  app.post(
    '/api/auth/signup',
    {
      schema: {
        tags,
        summary: 'Create an account and sign it in',
        body: ZSignUpRequest,
        response: { 201: ZSignUpResponse, ...errors },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const { token, session } = await signUp({
        db,
        mailer,
        config,
        log: request.log,
        request: request.body,
      });
      setSessionCookie(reply, config, token);
      const user = await describeSession(db, session);
      return reply
        .status(201)
        .send({ success: true, message: 'We sent a 6-digit code to your email.', user });
    },
  );

  app.get(
    '/api/auth/username-available/:username',
    {
      schema: {
        tags,
        summary: 'Whether a username is free, with two free suggestions when it is not',
        params: ZUsernameAvailabilityParams,
        response: { 200: ZUsernameAvailabilityResponse, 429: ZErrorResponse },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => checkUsernameAvailability(db, request.params.username),
  );

  app.post(
    '/api/auth/verify-code',
    {
      schema: {
        tags,
        summary: 'Check an email code (email-verification) or a reset link token (reset-password)',
        body: ZVerifyCodeRequest,
        response: { 200: ZVerifyCodeResponse, ...errors },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { purpose, email, code } = request.body;
      return purpose === 'email-verification'
        ? verifyEmailCode({ db, config, email, code })
        : checkResetLink({ db, config, email, token: code });
    },
  );

  app.post(
    '/api/auth/resend-code',
    {
      schema: {
        tags,
        summary: 'Mail a new email verification code',
        body: ZResendCodeRequest,
        response: { 200: ZMessageResponse, ...errors },
      },
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
    },
    async (request) => {
      const { email } = request.body;
      await limitResendsPerEmail(email);
      await queueAuthMail(db, { mail: 'verification-code', email });
      return { success: true as const, message: AUTH_MESSAGES.codeSent };
    },
  );

  app.post(
    '/api/auth/signin',
    {
      schema: {
        tags,
        summary: 'Sign in with an email or username and a password',
        body: ZSignInRequest,
        response: { 200: ZSignInResponse, ...errors },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { token, session } = await signIn({ db, ...request.body, countAttempt: limitSignInsPerAccount });
      setSessionCookie(reply, config, token);
      return {
        success: true as const,
        message: AUTH_MESSAGES.signedIn,
        user: await describeSession(db, session),
      };
    },
  );

  app.post(
    '/api/auth/signout',
    {
      schema: {
        tags,
        summary: 'Sign out: revokes the session on the server',
        response: { 200: ZSignOutResponse, ...errors },
      },
    },
    async (request, reply) => {
      const current = await findCurrentSession(request);
      if (current) await revokeSession(db, current.session.id);
      clearAuthCookies(reply, config);
      const providerLogoutUrl = await findProviderLogoutUrl(
        app.oidc,
        current?.session.oidcIdToken ?? null,
        `${config.publicUrl}/`,
      );
      return { success: true as const, message: AUTH_MESSAGES.signedOut, providerLogoutUrl };
    },
  );

  app.get(
    '/api/auth/session',
    {
      schema: {
        tags,
        summary: 'The signed-in user (the spec\'s "User (session view)"); 204 when signed out',
        description:
          'A signed-out visitor is a normal state, not an error: the answer is 204 with no body, ' +
          'so browsers do not log a failed request on every signed-out page.',
        response: { 200: ZSessionUser, 204: z.null().describe('Signed out') },
      },
    },
    async (request, reply) => {
      const current = await findCurrentSession(request);
      if (current) return describeSessionUser(db, current);
      // A cookie naming no live session (expired, revoked) goes, so later requests stop sending it.
      if (request.cookies[SESSION_COOKIE]) clearAuthCookies(reply, config);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/security-question',
    {
      schema: {
        tags,
        summary: 'Set or change the security question',
        body: ZSetSecurityQuestionRequest,
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { user, session, isSecurityChecked } = await requireCurrentSession(request);
      // Replacing a question needs the current one answered in this session: else a borrowed session could take it over.
      if (user.securityAnswerHash && !isSecurityChecked)
        throw new AppError('SECURITY_CHECK_REQUIRED', SETTINGS_MESSAGES.securityCheckRequired, 403);
      await setSecurityQuestion({ db, userId: user.id, ...request.body });
      // Whoever just chose the answer has nothing left to prove in this session.
      setSecurityCheckCookie(reply, config, session.id);
      return { success: true as const, message: 'Your security question is saved.' };
    },
  );

  app.post(
    '/api/auth/security-question/verify',
    {
      schema: {
        tags,
        summary: 'Answer the security question for this session (valid 2 days)',
        body: ZVerifySecurityQuestionRequest,
        response: { 200: ZMessageResponse, ...errors },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      preHandler: limitAnswersPerAccount,
    },
    async (request, reply) => {
      const { user, session } = await requireCurrentSession(request);
      await checkSecurityAnswer({ answerHash: user.securityAnswerHash, answer: request.body.answer });
      setSecurityCheckCookie(reply, config, session.id);
      return { success: true as const, message: 'Thanks, that is right.' };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link (same answer whether or not the account exists)',
        body: ZForgotPasswordRequest,
        response: { 200: ZMessageResponse, ...errors },
      },
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
    },
    async (request) => {
      const { email } = request.body;
      await limitResetMailsPerEmail(email);
      await queueAuthMail(db, { mail: 'password-reset', email });
      return { success: true as const, message: AUTH_MESSAGES.resetLinkSent };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset link; signs the account out everywhere',
        body: ZResetPasswordRequest,
        response: { 200: ZResetPasswordResponse, ...errors },
      },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request) => {
      const { email, token, password } = request.body;
      await resetPassword({ db, config, email, token, password });
      return { success: true, message: AUTH_MESSAGES.passwordChanged, isExpired: false };
    },
  );
}
