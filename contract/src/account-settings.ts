import { z } from 'zod';
import { AUTH_MESSAGES, ZEmail, ZPassword } from './auth.ts';
import { ZErrorResponse } from './errors.ts';
import { defineRoutes } from './routes.ts';

/**
 * Settings at /{username}/settings: change email (re-verified by a code sent to the new
 * address), change password, delete the account. The security question is changed with
 * POST /api/auth/security-question (after answering the current one in this session).
 */

export const SETTINGS_MESSAGES = {
  emailCodeSent: 'We sent a 6-digit code to your new email address.',
  emailChanged: 'Your email address has been changed.',
  passwordChanged: 'Your password has been changed. Your other sessions were signed out.',
  wrongPassword: 'Your current password is not right.',
  accountDeleted: 'Your account has been deleted.',
  confirmDeletion: 'Type DELETE to confirm.',
  sameEmail: 'This is already your email address.',
  /** Accounts without a password (social sign-in) prove it is them with the security question. */
  securityCheckRequired: 'Answer your security question first.',
  emailChangeExpired: 'This code has expired. Enter your new email address again.',
} as const;

/** Step one: the new address; the current password proves it is the owner (none for social accounts). */
export const ZChangeEmailRequest = z.object({
  email: ZEmail,
  currentPassword: z.string().max(128).optional(),
});
export type TChangeEmailRequest = z.input<typeof ZChangeEmailRequest>;

/** Step two: the code mailed to the new address. */
export const ZConfirmEmailChangeRequest = z.object({
  code: z
    .string()
    .trim()
    .min(1, AUTH_MESSAGES.codeRequired)
    .regex(/^\d{6}$/, AUTH_MESSAGES.codeInvalid),
});
export type TConfirmEmailChangeRequest = z.input<typeof ZConfirmEmailChangeRequest>;

export const ZChangePasswordRequest = z
  .object({
    /** Required when the account has a password; social accounts set their first one without. */
    currentPassword: z.string().max(128).optional(),
    password: ZPassword,
    password2: z.string(),
  })
  .refine((body) => body.password === body.password2, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ['password2'],
  });
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;

export const ZDeleteAccountRequest = z.object({
  /** The word DELETE, typed by the person, as the confirm alert asks. */
  confirmation: z.literal('DELETE', { error: SETTINGS_MESSAGES.confirmDeletion }),
  currentPassword: z.string().max(128).optional(),
});
export type TDeleteAccountRequest = z.input<typeof ZDeleteAccountRequest>;

export const ZSettingsMessageResponse = z.object({ success: z.literal(true), message: z.string() });
export type TSettingsMessageResponse = z.infer<typeof ZSettingsMessageResponse>;

const tags = ['settings'];
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
};

export const accountSettingsRoutes = defineRoutes({
  requestEmailChange: {
    method: 'POST',
    path: '/api/account/email',
    audience: 'security-checked',
    tags,
    summary: 'Change email, step one: mail a 6-digit code to the new address',
    description:
      'Needs the security question answered in this session, and currentPassword when the ' +
      'account has a password. Sets a short-lived cookie that step two reads.',
    body: ZChangeEmailRequest,
    response: { 200: ZSettingsMessageResponse, ...errors },
  },
  confirmEmailChange: {
    method: 'POST',
    path: '/api/account/email/confirm',
    audience: 'security-checked',
    tags,
    summary: 'Change email, step two: the code from the new address switches it (and verifies it)',
    body: ZConfirmEmailChangeRequest,
    response: { 200: ZSettingsMessageResponse, ...errors },
  },
  changePassword: {
    method: 'POST',
    path: '/api/account/password',
    audience: 'security-checked',
    tags,
    summary: 'Change the password (or set a first one); signs out every other session',
    body: ZChangePasswordRequest,
    response: { 200: ZSettingsMessageResponse, ...errors },
  },
  deleteAccount: {
    method: 'DELETE',
    path: '/api/account',
    audience: 'security-checked',
    tags,
    summary: 'Delete the account, its personal data and its uploads; signs this browser out',
    description:
      "409 PAYOUT_ON_ITS_WAY while one of the creator's payouts is not final, and 409 " +
      'EARNINGS_TO_PAY_OUT while their earnings reach the smallest payout: pay them out first.',
    body: ZDeleteAccountRequest,
    response: { 200: ZSettingsMessageResponse, ...errors },
  },
});
