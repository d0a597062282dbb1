import { z } from 'zod';
import { ZCountryCode } from './countries.ts';
import { ZImageAsset } from './media.ts';

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

export const ZSignOutResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Where to send the browser to sign out of the social provider too, when it allows. */
  providerLogoutUrl: z.string().optional(),
});

export const ZUsernameAvailabilityParams = z.object({ username: z.string().max(64) });
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

export const ZForgotPasswordRequest = z.object({ email: ZEmail });

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

export const ZSetAccountTypeRequest = z
  .object({ name: z.enum(ACCOUNT_TYPES), cartegory: z.enum(CREATOR_CATEGORIES).nullish() })
  .refine((body) => body.name === 'fan' || Boolean(body.cartegory), {
    message: AUTH_MESSAGES.categoryRequired,
    path: ['cartegory'],
  });
export type TSetAccountTypeRequest = z.input<typeof ZSetAccountTypeRequest>;

export const ZSessionUserResponse = z.object({ success: z.literal(true), user: ZSessionUser });

// ── Social sign-in (OpenID Connect) ─────────────────────────────────────────

export const ZAuthProvidersResponse = z.object({
  /** Null when social sign-in is not offered. */
  social: z.object({ name: z.string(), startUrl: z.string() }).nullable(),
});

export const ZOidcStartQuery = z.object({
  /** The role chosen before signing in with the provider, kept for account setup. */
  role: z.enum(ACCOUNT_TYPES).optional(),
  /** A same-origin path to return to (next_page). */
  next: z.string().max(500).optional(),
});

/** A social identity that has no account yet: sign-up is completed with it. */
export const ZPendingSocialSignUp = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(ACCOUNT_TYPES).nullable(),
});

export const ZCompleteSocialSignUpRequest = z.object({
  country: ZCountryCode,
  name: ZName,
  username: ZUsername,
});
export type TCompleteSocialSignUpRequest = z.input<typeof ZCompleteSocialSignUpRequest>;
