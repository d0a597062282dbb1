import { z } from 'zod';
import { ZCountryCode } from './countries.ts';
import { ZErrorResponse } from './errors.ts';
import { ZImageAsset } from './media.ts';
import { defineRoutes } from './routes.ts';

/**
 * Accounts: sign-up, sign-in, sessions, email codes, the security question, password
 * reset and the account type. Texts the product spec names are kept word for word.
 */

export const AUTH_MESSAGES = {
  // The same answer for a wrong password and an unknown account: it reveals neither.
  invalidCredentials: 'Incorrect email, username or password.',
  signedIn: 'Signin successfully',
  genericError: 'An error occured!',
  emailTaken: 'An account with this email already exists. Sign in instead.',
  codeRequired: '6 Digits Code is required!',
  codeInvalid: 'Invalid code. Check the 6 digits and try again.',
  // No 'Invalid' in these two: the client offers Resend Code exactly when the code has
  // expired and the message does not contain 'Invalid'.
  codeExpired: 'This code has expired. Request a new one.',
  codeTooManyTries: 'Too many wrong tries: this code no longer works. Request a new one.',
  emailVerified: 'Your email is verified.',
  codeSent: 'We sent a new code to your email.',
  answerRequired: 'Answer is required!',
  verifyAnswerRequired: 'Your answer is required!',
  wrongAnswer: "That answer doesn't match the one you saved.",
  emailRequired: 'Email address is required!',
  resetLinkSent: 'If an account uses this email, we have sent it a link to reset the password.',
  resetLinkInvalid: 'Reset Password: An error occured!',
  resetLinkExpired: 'This reset link has expired. Ask for a new one.',
  passwordsDiffer: 'The passwords do not match.',
  passwordChanged: 'Your password has been changed. Sign in with the new one.',
  categoryRequired: 'Cartegory is required!',
  signedOut: 'You have been signed out.',
  crossSite: 'This request came from another site and was refused.',
  notSignedIn: 'Sign in to continue.',
  // One answer for every route only creators may call (their declared audience 'creator').
  creatorsOnly: 'Only creators can do this.',
  // Routes for roles no account has yet (reviewer, admin: issue 28).
  notPermitted: 'Your account may not do this.',
  accountTypeAlreadySet: 'Your account is already set up. A fan stays a fan and a creator a creator.',
  securityQuestionRequired: 'Set a security question first.',
  tooManyRequests: 'Too many attempts. Wait a moment and try again.',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const EMAIL_CODE_LENGTH = 6;

export const SECURITY_QUESTIONS = [
  'What was the name of your first school?',
  'What is the name of the town where your mother was born?',
  'What was the name of your first pet?',
  'What was your childhood nickname?',
  'What is the name of your favourite teacher?',
  'What was the first song you knew all the words to?',
  'What street did you grow up on?',
  'What was the make of your first phone?',
] as const;

export const CREATOR_CATEGORIES = [
  'startups',
  'music artist',
  'podcaster',
  'comedian',
  'filmmaker',
  'writer',
  'photographer',
  'educator',
  'dancer',
  'visual artist',
] as const;

export type TCreatorCategory = (typeof CREATOR_CATEGORIES)[number];

export const ACCOUNT_TYPES = ['fan', 'creator'] as const;

// ── Field rules ─────────────────────────────────────────────────────────────

export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, 'That email address is too long.')
  .pipe(z.email('Enter a valid email address.'));

/** Length only: the server also refuses the most common passwords. */
export const ZPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters for your password.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters for your password.`);

export const ZName = z
  .string()
  .trim()
  .min(1, 'Name is required!')
  .max(60, 'Use at most 60 characters for your name.');

const USERNAME_PATTERN = new RegExp(`^[a-z0-9_.]{${USERNAME_MIN_LENGTH},${USERNAME_MAX_LENGTH}}$`);

/**
 * A username as people type it, with or without the leading @, in any case; stored and
 * answered as '@' + lowercase (the spec stores usernames with a leading @).
 */
export const ZUsername = z
  .string()
  .trim()
  .transform((value) => value.replace(/^@/, '').toLowerCase())
  .pipe(
    z
      .string()
      .regex(
        USERNAME_PATTERN,
        `A username has ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} letters, digits, dots or underscores.`,
      ),
  )
  .transform((value) => `@${value}`);
/** A username as stored and answered: '@' + lowercase. */
export type TUsername = z.infer<typeof ZUsername>;

/** The spec's rule: the name lowercased without spaces, prefixed with @ (we also drop characters a username cannot hold). */
export function suggestUsernameFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_.]/g, '')
    .slice(0, USERNAME_MAX_LENGTH);
  return `@${base}`;
}

// ── Session view (spec: "User (session view)") ──────────────────────────────

export const ZAccountType = z.object({
  name: z.enum(ACCOUNT_TYPES),
  tools: z.enum(['both', 'none']),
  cartegory: z.enum(CREATOR_CATEGORIES).nullable(),
});

export const ZSessionUser = z
  .object({
    _id: z.string(),
    name: z.string(),
    username: z.string(),
    email: z.string(),
    isEmailVerified: z.boolean(),
    /** The profile photo: the one source of the signed-in person's picture (top bar, own posts). */
    imageAsset: ZImageAsset.nullable(),
    account_type: ZAccountType.nullable(),
    accountBalance: z.object({ amount: z.number().int() }),
    country: z.object({ code: ZCountryCode, country_code: z.string(), currency_code: z.string() }),
    payment_methods: z.object({ mobileMoney: z.array(z.unknown()), bank: z.array(z.unknown()) }),
    /** The question only: the answer never leaves the server. Null until one is set. */
    security_question: z.object({ question: z.string() }).nullable(),
    /** Whether this session has answered the security question (2-day check). */
    isSecurityQuestionVerified: z.boolean(),
    autoPayout: z.object({ enabled: z.boolean() }),
    published: z.enum(['pending', 'published']),
    signedInWith: z.enum(['password', 'oidc']),
  })
  .meta({ id: 'SessionUser' });
export type TSessionUser = z.infer<typeof ZSessionUser>;

// ── Requests and answers ────────────────────────────────────────────────────

export const ZSignUpRequest = z.object({
  country: ZCountryCode,
  email: ZEmail,
  password: ZPassword,
  name: ZName,
  username: ZUsername,
});
export type TSignUpRequest = z.input<typeof ZSignUpRequest>;

export const ZSignUpResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  user: ZSessionUser,
});
export type TSignUpResponse = z.infer<typeof ZSignUpResponse>;

export const ZSignInRequest = z.object({
  identifier: z.string().trim().min(1, 'Email or username is required!').max(254),
  password: z.string().min(1, 'Password is required!').max(PASSWORD_MAX_LENGTH),
});
export type TSignInRequest = z.input<typeof ZSignInRequest>;

export const ZSignInResponse = z.object({
  success: z.literal(true),
  message: z.literal(AUTH_MESSAGES.signedIn),
  user: ZSessionUser,
});
export type TSignInResponse = z.infer<typeof ZSignInResponse>;

export const ZSignOutResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Where to send the browser to sign out of the social provider too, when it allows. */
  providerLogoutUrl: z.string().optional(),
});
export type TSignOutResponse = z.infer<typeof ZSignOutResponse>;

export const ZUsernameAvailabilityParams = z.object({ username: z.string().max(64) });
export type TUsernameAvailabilityParams = z.input<typeof ZUsernameAvailabilityParams>;

export const ZUsernameAvailabilityResponse = z.object({
  /** The username as it would be stored ('@' + lowercase), or null when it is malformed. */
  username: z.string().nullable(),
  available: z.boolean(),
  /** Two usernames that are free now, offered when this one is taken. */
  suggestions: z.array(z.string()),
  message: z.string().optional(),
});
export type TUsernameAvailabilityResponse = z.infer<typeof ZUsernameAvailabilityResponse>;

export const CODE_PURPOSES = ['email-verification', 'reset-password'] as const;

export const ZVerifyCodeRequest = z.discriminatedUnion('purpose', [
  z.object({
    purpose: z.literal('email-verification'),
    email: ZEmail,
    code: z
      .string()
      .trim()
      .min(1, AUTH_MESSAGES.codeRequired)
      .regex(/^\d{6}$/, AUTH_MESSAGES.codeInvalid),
  }),
  z.object({
    /** A reset link's token, checked before the new-password form is shown. */
    purpose: z.literal('reset-password'),
    email: ZEmail,
    code: z.string().trim().min(1).max(128),
  }),
]);
export type TVerifyCodeRequest = z.input<typeof ZVerifyCodeRequest>;

export const ZVerifyCodeResponse = z.object({
  verified: z.boolean(),
  isExpired: z.boolean(),
  message: z.string(),
});
export type TVerifyCodeResponse = z.infer<typeof ZVerifyCodeResponse>;

export const ZResendCodeRequest = z.object({ email: ZEmail });
export type TResendCodeRequest = z.input<typeof ZResendCodeRequest>;

export const ZMessageResponse = z.object({ success: z.literal(true), message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

export const ZSetSecurityQuestionRequest = z.object({
  question: z.enum(SECURITY_QUESTIONS, { error: 'Choose a question from the list.' }),
  answer: z
    .string()
    .trim()
    .min(1, AUTH_MESSAGES.answerRequired)
    .max(100, 'Keep the answer under 100 characters.'),
});
export type TSetSecurityQuestionRequest = z.input<typeof ZSetSecurityQuestionRequest>;

export const ZVerifySecurityQuestionRequest = z.object({
  answer: z.string().trim().min(1, AUTH_MESSAGES.verifyAnswerRequired).max(100),
});
export type TVerifySecurityQuestionRequest = z.input<typeof ZVerifySecurityQuestionRequest>;

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type TForgotPasswordRequest = z.input<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z
  .object({
    email: ZEmail,
    token: z.string().trim().min(1).max(128),
    password: ZPassword,
    password2: z.string(),
  })
  .refine((body) => body.password === body.password2, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ['password2'],
  });
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

export const ZResetPasswordResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  isExpired: z.boolean(),
});
export type TResetPasswordResponse = z.infer<typeof ZResetPasswordResponse>;

export const ZSetAccountTypeRequest = z
  .object({ name: z.enum(ACCOUNT_TYPES), cartegory: z.enum(CREATOR_CATEGORIES).nullish() })
  .refine((body) => body.name === 'fan' || Boolean(body.cartegory), {
    message: AUTH_MESSAGES.categoryRequired,
    path: ['cartegory'],
  });
export type TSetAccountTypeRequest = z.input<typeof ZSetAccountTypeRequest>;

export const ZSessionUserResponse = z.object({ success: z.literal(true), user: ZSessionUser });
export type TSessionUserResponse = z.infer<typeof ZSessionUserResponse>;

// ── Social sign-in (OpenID Connect) ─────────────────────────────────────────

export const ZAuthProvidersResponse = z.object({
  /** Null when social sign-in is not offered. */
  social: z.object({ name: z.string(), startUrl: z.string() }).nullable(),
});
export type TAuthProvidersResponse = z.infer<typeof ZAuthProvidersResponse>;

export const ZOidcStartQuery = z.object({
  /** The role chosen before signing in with the provider, kept for account setup. */
  role: z.enum(ACCOUNT_TYPES).optional(),
  /** A same-origin path to return to (next_page). */
  next: z.string().max(500).optional(),
});
export type TOidcStartQuery = z.input<typeof ZOidcStartQuery>;

/** A social identity that has no account yet: sign-up is completed with it. */
export const ZPendingSocialSignUp = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(ACCOUNT_TYPES).nullable(),
});
export type TPendingSocialSignUp = z.infer<typeof ZPendingSocialSignUp>;

export const ZCompleteSocialSignUpRequest = z.object({
  country: ZCountryCode,
  name: ZName,
  username: ZUsername,
});
export type TCompleteSocialSignUpRequest = z.input<typeof ZCompleteSocialSignUpRequest>;

// ── Routes ──────────────────────────────────────────────────────────────────

const tags = ['accounts'];
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
};

export const authRoutes = defineRoutes({
  signUp: {
    method: 'POST',
    path: '/api/auth/signup',
    audience: 'anyone',
    tags,
    summary: 'Create an account and sign it in',
    body: ZSignUpRequest,
    response: { 201: ZSignUpResponse, ...errors },
  },
  getUsernameAvailability: {
    method: 'GET',
    path: '/api/auth/username-available/:username',
    audience: 'anyone',
    tags,
    summary: 'Whether a username is free, with two free suggestions when it is not',
    params: ZUsernameAvailabilityParams,
    response: { 200: ZUsernameAvailabilityResponse, 429: ZErrorResponse },
  },
  verifyCode: {
    method: 'POST',
    path: '/api/auth/verify-code',
    audience: 'anyone',
    tags,
    summary: 'Check an email code (email-verification) or a reset link token (reset-password)',
    body: ZVerifyCodeRequest,
    response: { 200: ZVerifyCodeResponse, ...errors },
  },
  resendCode: {
    method: 'POST',
    path: '/api/auth/resend-code',
    audience: 'anyone',
    tags,
    summary: 'Mail a new email verification code',
    body: ZResendCodeRequest,
    response: { 200: ZMessageResponse, ...errors },
  },
  signIn: {
    method: 'POST',
    path: '/api/auth/signin',
    audience: 'anyone',
    tags,
    summary: 'Sign in with an email or username and a password',
    body: ZSignInRequest,
    response: { 200: ZSignInResponse, ...errors },
  },
  signOut: {
    method: 'POST',
    path: '/api/auth/signout',
    audience: 'anyone',
    tags,
    summary: 'Sign out: revokes the session on the server',
    response: { 200: ZSignOutResponse, ...errors },
  },
  getSession: {
    method: 'GET',
    path: '/api/auth/session',
    audience: 'anyone',
    tags,
    summary: 'The signed-in user (the spec\'s "User (session view)"); 204 when signed out',
    description:
      'A signed-out visitor is a normal state, not an error: the answer is 204 with no body, ' +
      'so browsers do not log a failed request on every signed-out page.',
    response: { 200: ZSessionUser, 204: z.null().describe('Signed out') },
  },
  setSecurityQuestion: {
    method: 'POST',
    path: '/api/auth/security-question',
    audience: 'signed-in',
    tags,
    summary: 'Set or change the security question',
    body: ZSetSecurityQuestionRequest,
    response: { 200: ZMessageResponse, ...errors },
  },
  verifySecurityQuestion: {
    method: 'POST',
    path: '/api/auth/security-question/verify',
    audience: 'signed-in',
    tags,
    summary: 'Answer the security question for this session (valid 2 days)',
    body: ZVerifySecurityQuestionRequest,
    response: { 200: ZMessageResponse, ...errors },
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/auth/forgot-password',
    audience: 'anyone',
    tags,
    summary: 'Mail a password reset link (same answer whether or not the account exists)',
    body: ZForgotPasswordRequest,
    response: { 200: ZMessageResponse, ...errors },
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    audience: 'anyone',
    tags,
    summary: 'Set a new password with a reset link; signs the account out everywhere',
    body: ZResetPasswordRequest,
    response: { 200: ZResetPasswordResponse, ...errors },
  },
});

/**
 * Social sign-in: the code flow's start and callback answer with redirects (no JSON), the
 * browser goes there by a plain link; the others are ordinary JSON routes.
 */
export const socialSignInRoutes = defineRoutes({
  getProviders: {
    method: 'GET',
    path: '/api/auth/providers',
    audience: 'anyone',
    tags,
    summary: 'Which social sign-in is offered',
    response: { 200: ZAuthProvidersResponse },
  },
  start: {
    method: 'GET',
    path: '/api/auth/oidc/start',
    audience: 'anyone',
    tags,
    summary: 'Go to the social sign-in provider',
    querystring: ZOidcStartQuery,
    response: { 404: ZErrorResponse },
  },
  callback: {
    method: 'GET',
    path: '/api/auth/oidc/callback',
    audience: 'anyone',
    tags,
    summary: 'Where the provider sends the browser back',
  },
  getPendingSignUp: {
    method: 'GET',
    path: '/api/auth/oidc/pending',
    audience: 'anyone',
    tags,
    summary: 'The social identity waiting to complete sign-up',
    response: { 200: ZPendingSocialSignUp, 404: ZErrorResponse },
  },
  completeSignUp: {
    method: 'POST',
    path: '/api/auth/oidc/complete-signup',
    audience: 'anyone',
    tags,
    summary: 'Create the account of a social identity (no password)',
    body: ZCompleteSocialSignUpRequest,
    response: { 201: ZSignUpResponse, 400: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse },
  },
});

/** The users module's routes: the account type, chosen once after sign-up. */
export const usersRoutes = defineRoutes({
  setAccountType: {
    method: 'PUT',
    path: '/api/users/account-type',
    audience: 'signed-in',
    tags,
    summary: 'Choose fan or creator (and a creator category)',
    body: ZSetAccountTypeRequest,
    response: {
      200: ZSessionUserResponse,
      400: ZErrorResponse,
      401: ZErrorResponse,
      403: ZErrorResponse,
      409: ZErrorResponse,
    },
  },
});
