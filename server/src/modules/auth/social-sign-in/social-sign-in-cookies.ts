import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../config.ts';
import { AppError } from '../../../lib/errors.ts';
import { readSignedValue, signValue } from '../../../lib/signed-value.ts';

/** A social identity with no account yet, kept between the callback and completing sign-up. */
export type PendingSignUp = { email: string; name: string; role: 'fan' | 'creator' | null; idToken: string };

const PENDING_COOKIE = 'oidc_pending';
const PENDING_COOKIE_PATH = '/api';
const PENDING_LIFETIME_MS = 30 * 60_000;

/** The short-lived, signed cookies of social sign-in (the flow's, the pending sign-up's). */
export function socialSignInCookieOptions(config: Config, path: string, lifetimeMs: number) {
  return {
    path,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.isProduction,
    maxAge: lifetimeMs / 1000,
  };
}

export function setPendingSignUpCookie(reply: FastifyReply, config: Config, pending: PendingSignUp): void {
  reply.setCookie(
    PENDING_COOKIE,
    signValue(config, PENDING_COOKIE, pending, PENDING_LIFETIME_MS),
    socialSignInCookieOptions(config, PENDING_COOKIE_PATH, PENDING_LIFETIME_MS),
  );
}

/** The pending sign-up of this browser; 404 when there is none (or it has expired). */
export function requirePendingSignUp(request: FastifyRequest, config: Config): PendingSignUp {
  const pending = readSignedValue<PendingSignUp>(config, PENDING_COOKIE, request.cookies[PENDING_COOKIE]);
  if (!pending) throw new AppError('NOT_FOUND', 'There is no social sign-up to complete. Start again.', 404);
  return pending;
}

export function clearPendingSignUpCookie(reply: FastifyReply): void {
  reply.clearCookie(PENDING_COOKIE, { path: PENDING_COOKIE_PATH });
}
