import { SETTINGS_MESSAGES } from '@stagepass/contract/account-settings';
import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { preparedPerDatabase } from '../db/client.ts';
import { type SessionRow, sessions, type UserRow, users } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { hashToken, hashWithSecret, isEqualInConstantTime } from '../lib/secrets.ts';

/**
 * The session as a request carries it: the two cookies (their names, lifetimes and the
 * security check's format) and the signed-in person behind them. The one guard of every
 * route's declared audience (lib/register-route.ts) admits callers with the checks here and
 * hands the handler the viewer, so no module needs the auth module for that; auth owns the
 * sessions table and is the only writer of its rows (modules/auth/sessions.service.ts:
 * create and revoke).
 */

export const SESSION_COOKIE = 'token';
export const SECURITY_CHECK_COOKIE = 'security_check';
/** How long a session lasts: its row and its cookie alike. */
export const SESSION_DAYS = 3;
const SECURITY_CHECK_DAYS = 2;
const DAY_MS = 86_400_000;

export type CurrentSession = { session: SessionRow; user: UserRow; isSecurityChecked: boolean };

/** A session whose account answered its security question in this session. */
export type SecurityCheckedSession = CurrentSession & {
  user: UserRow & { securityAnswerHash: string };
  isSecurityChecked: true;
};

/** A session of a creator account. */
export type CreatorSession = CurrentSession & { user: UserRow & { role: 'creator' } };

const currentSessions = new WeakMap<FastifyRequest, Promise<CurrentSession | null>>();

/** The session behind the request's cookie, looked up once per request. */
export function findCurrentSession(request: FastifyRequest): Promise<CurrentSession | null> {
  let found = currentSessions.get(request);
  if (!found) {
    found = lookUpSession(request);
    currentSessions.set(request, found);
  }
  return found;
}

export async function requireCurrentSession(request: FastifyRequest): Promise<CurrentSession> {
  const current = await findCurrentSession(request);
  if (!current) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.notSignedIn, 401);
  return current;
}

/**
 * A session that has taken sign-in's second step: the account has a security question and
 * answered it in this session (the 2-day check cookie). What changes how the account is
 * reached, pays or ends (settings, payment methods, payouts, deleting the account) needs it,
 * so a stolen session cookie alone cannot, and an account cannot skip setting a question.
 * Routes ask for it by declaring `audience: 'security-checked'` in the contract.
 */
export function assertSecurityChecked(current: CurrentSession): asserts current is SecurityCheckedSession {
  if (!current.user.securityAnswerHash) {
    throw new AppError('SECURITY_QUESTION_REQUIRED', AUTH_MESSAGES.securityQuestionRequired, 403);
  }
  if (!current.isSecurityChecked) {
    throw new AppError('SECURITY_CHECK_REQUIRED', SETTINGS_MESSAGES.securityCheckRequired, 403);
  }
}

/** A creator's session; a fan (or an account without a type yet) is refused with one message. */
export function assertCreator(current: CurrentSession): asserts current is CreatorSession {
  if (current.user.role !== 'creator') throw new AppError('FORBIDDEN', AUTH_MESSAGES.creatorsOnly, 403);
}

/**
 * Every signed-in request runs this, so it is a named prepared statement: planning the
 * join of sessions and users cost more than running it (2.4 ms against 0.2 ms with a wide
 * users table). Its columns are named in the text, so a later migration that adds one
 * makes PostgreSQL plan it again rather than fail.
 */
const sessionLookup = preparedPerDatabase((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('look_up_session'),
);

async function lookUpSession(request: FastifyRequest): Promise<CurrentSession | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  const { db, config } = request.server;
  const [row] = await sessionLookup(db).execute({ tokenHash: hashToken(token) });
  if (!row) return null;
  const check = request.cookies[SECURITY_CHECK_COOKIE];
  return {
    ...row,
    isSecurityChecked: Boolean(check) && isSecurityCheckValid(config, row.session.id, check!),
  };
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(config, SESSION_DAYS));
}

/**
 * The 2-day proof that this session answered the security question: expiry and an HMAC
 * over the session id, so it is worthless with any other session or after sign-out.
 */
export function setSecurityCheckCookie(reply: FastifyReply, config: Config, sessionId: string): void {
  reply.setCookie(
    SECURITY_CHECK_COOKIE,
    createSecurityCheckValue(config, sessionId),
    cookieOptions(config, SECURITY_CHECK_DAYS),
  );
}

/** The security check cookie's value for a session, valid for 2 days from now. */
export function createSecurityCheckValue(config: Config, sessionId: string): string {
  const expiresAt = Date.now() + SECURITY_CHECK_DAYS * DAY_MS;
  return `${expiresAt}.${signSecurityCheck(config, sessionId, expiresAt)}`;
}

export function clearAuthCookies(reply: FastifyReply, config: Config): void {
  const options = { ...cookieOptions(config, 0), maxAge: undefined };
  reply.clearCookie(SESSION_COOKIE, options);
  reply.clearCookie(SECURITY_CHECK_COOKIE, options);
}

function isSecurityCheckValid(config: Config, sessionId: string, value: string): boolean {
  const [expiresAtText, signature] = value.split('.');
  const expiresAt = Number(expiresAtText);
  if (!signature || !Number.isSafeInteger(expiresAt) || expiresAt < Date.now()) return false;
  return isEqualInConstantTime(signature, signSecurityCheck(config, sessionId, expiresAt));
}

function signSecurityCheck(config: Config, sessionId: string, expiresAt: number): string {
  return hashWithSecret(config.appSecret, `security-check:${sessionId}:${expiresAt}`);
}

function cookieOptions(config: Config, days: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.isProduction,
    maxAge: days * 86_400,
  };
}
