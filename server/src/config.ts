import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CORRESPONDENTS, type TCorrespondent } from '@stagepass/contract/mobile-money';
import { z } from 'zod';
import {
  PAWAPAY_AVAILABILITY_STATUSES,
  type PawapayAvailabilityStatus,
} from './modules/money/providers/pawapay/pawapay-api.ts';
import { repoRoot } from './repo-root.ts';

/**
 * Every environment variable the server reads, parsed once. Nothing else in the server
 * touches process.env: a setting that is not here does not exist.
 */

const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  version: string;
};

// Only for the local demo and tests; production refuses to start without a real one.
const DEVELOPMENT_APP_SECRET = 'stagepass-development-secret-do-not-use-in-production';

const ZNgweeSetting = z.coerce.number().int().min(1).max(100_000_000);

const ZEnvironment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  APP_SECRET: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Stagepass <no-reply@stagepass.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  // 'true' is one proxy: trusting every hop would take the client's own X-Forwarded-For as
  // its address, and per-address limits and play counts would count what it made up.
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[1-9]\d?)$/, "must be 'false', 'true' (one proxy) or the number of proxies in front")
    .default('false')
    .transform((value) => (value === 'false' ? 0 : value === 'true' ? 1 : Number(value))),
  WEB_DIST_DIR: z.string().min(1).optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_PROVIDER_NAME: z.string().min(1).max(40).optional(),
  MEDIA_MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  MEDIA_MAX_AUDIO_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(200 * 1024 * 1024),
  MEDIA_MAX_VIDEO_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024 * 1024),
  MEDIA_UNATTACHED_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(4 * 1024 * 1024 * 1024),
  MEDIA_ORPHAN_GRACE_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .default(60 * 60_000),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(16).default(1),
  JOB_HEAVY_CONCURRENCY: z.coerce.number().int().min(0).max(16).default(1),
  DEMO_CONTENT: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  PAWAPAY_BASE_URL: z.url().optional(),
  PAWAPAY_API_TOKEN: z.string().min(1).optional(),
  PAWAPAY_SIGNED_CALLBACKS: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  PAWAPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  PAWAPAY_SANDBOX_SETTLE_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  // 'AIRTEL_OAPI_ZMB=DELAYED,ZAMTEL_ZMB=CLOSED': read by readPayoutAvailability.
  PAWAPAY_SANDBOX_PAYOUT_AVAILABILITY: z.string().optional(),
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  PLATFORM_FEE_PERCENT: z.coerce.number().int().min(0).max(50).default(10),
  // A pass's price bounds per period, integer ngwee (K2–K2,000 a day, K5–K5,000 a week, K10–K10,000 a month).
  PASS_PRICE_DAILY_MIN: ZNgweeSetting.default(200),
  PASS_PRICE_DAILY_MAX: ZNgweeSetting.default(200_000),
  PASS_PRICE_WEEKLY_MIN: ZNgweeSetting.default(500),
  PASS_PRICE_WEEKLY_MAX: ZNgweeSetting.default(500_000),
  PASS_PRICE_MONTHLY_MIN: ZNgweeSetting.default(1_000),
  PASS_PRICE_MONTHLY_MAX: ZNgweeSetting.default(1_000_000),
  // Payouts (decision 019): the smallest, in ngwee (K20); how long earnings from a card stay
  // held; when auto-payout runs (the hour, UTC) and the balance that sends it at once (K1,000).
  PAYOUT_MIN: ZNgweeSetting.default(2_000),
  EARNINGS_HOLD_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(0),
  AUTO_PAYOUT_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  AUTO_PAYOUT_THRESHOLD: ZNgweeSetting.default(100_000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
});

export type Config = {
  environment: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  logFormat: 'json' | 'pretty';
  /**
   * How many proxies in front of the server append to X-Forwarded-For (TRUST_PROXY): the
   * client's address is the one the outermost of them saw; 0 reads the socket's peer.
   */
  trustProxy: number;
  webDistDir: string;
  version: string;
  /** The largest image upload accepted, in bytes (MEDIA_MAX_IMAGE_BYTES, 20 MB by default). */
  mediaMaxImageBytes: number;
  /** The largest audio upload (MEDIA_MAX_AUDIO_BYTES, 200 MB by default). */
  mediaMaxAudioBytes: number;
  /** The largest video upload (MEDIA_MAX_VIDEO_BYTES, 2 GB by default). */
  mediaMaxVideoBytes: number;
  /**
   * How many bytes of uploads an account may hold that no post or profile uses yet,
   * uploads being received included (MEDIA_UNATTACHED_QUOTA_BYTES, 4 GiB by default: two
   * videos of the largest size and photos besides, while it bounds what one account can
   * make the server store for nothing to a few GB instead of the 40 GB its upload rate
   * allows). Publishing, deleting, or the daily sweep of unused uploads frees it.
   */
  mediaUnattachedQuotaBytes: number;
  /**
   * How old a folder of the media store must be before the sweep removes it for having no
   * asset row (MEDIA_ORPHAN_GRACE_MS, an hour): an upload being stored has its files a
   * moment before its row.
   */
  mediaOrphanGraceMs: number;
  /** The media store: an S3-compatible bucket when S3_* are set, else DATA_DIR/media. */
  s3: S3Settings | undefined;
  /** ffmpeg and ffprobe to run; unset: the system's on PATH, else the npm-shipped ones. */
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  /**
   * Quick background jobs (photos, and every kind not heavy) this process runs at once
   * (JOB_CONCURRENCY, 1); 0: it runs no jobs at all, of any lane, nor schedules.
   */
  jobConcurrency: number;
  /**
   * Video and audio conversions this process runs at once, on workers of their own so a
   * photo never waits behind one (JOB_HEAVY_CONCURRENCY, 1: ffmpeg keeps a core busy per
   * conversion, and this leaves the other to requests and photos on two cores).
   */
  heavyJobConcurrency: number;
  /** Seed the demo content into an empty database (DEMO_CONTENT, true); always false in production. */
  demoContent: boolean;
  /**
   * Mobile money: pawaPay at PAWAPAY_BASE_URL with PAWAPAY_API_TOKEN; without a token
   * (never in production), the built-in sandbox at /sandbox/pawapay, reached over HTTP.
   * signedCallbacks: callbacks must carry a valid signature and are then pawaPay's word
   * (PAWAPAY_SIGNED_CALLBACKS; always for the sandbox); without it, a callback only names a
   * deposit whose status is then read from pawaPay.
   */
  pawapay: (
    | { kind: 'external'; baseUrl: string; apiToken: string; signedCallbacks: boolean }
    | {
        kind: 'sandbox';
        signedCallbacks: true;
        /** How long the sandbox's payer takes to answer the prompt (PAWAPAY_SANDBOX_SETTLE_MS, 3 s). */
        settleAfterMs: number;
        /**
         * The sandbox's operators whose payouts are not OPERATIONAL at start: DELAYED holds them
         * ENQUEUED, CLOSED refuses them (PAWAPAY_SANDBOX_PAYOUT_AVAILABILITY; none by default).
         */
        payoutAvailability: PayoutAvailability;
      }
  ) & {
    /** How long a call to pawaPay may take before it counts as unanswered (PAWAPAY_TIMEOUT_MS, 15 s). */
    timeoutMs: number;
  };
  /** How often unsettled deposits are re-checked with the provider (RECONCILE_INTERVAL_MS, 30 s). */
  reconcileIntervalMs: number;
  /** The platform's share of every purchase, in whole percent, rounded down (PLATFORM_FEE_PERCENT, 10). */
  platformFeePercent: number;
  /**
   * A pass's price bounds per period, in ngwee, both ends allowed (PASS_PRICE_{DAILY,WEEKLY,
   * MONTHLY}_{MIN,MAX}; K2–K2,000 a day, K5–K5,000 a week, K10–K10,000 a month).
   */
  passPriceLimits: Record<'daily' | 'weekly' | 'monthly', { min: number; max: number }>;
  /**
   * Payouts of earnings (decision 019), in ngwee and hours: the smallest payout (PAYOUT_MIN,
   * K20); how long what a card paid stays held before it may be paid out, as a card payment
   * can still be disputed (EARNINGS_HOLD_HOURS, 0); the hour, UTC, of the daily auto-payout
   * (AUTO_PAYOUT_HOUR, 8, which is 10:00 in Lusaka) and the available balance that sends
   * one at once (AUTO_PAYOUT_THRESHOLD, K1,000).
   */
  payouts: {
    minimum: number;
    earningsHoldHours: number;
    autoPayoutHourUtc: number;
    autoPayoutThreshold: number;
  };
  /** Cards: the sandbox tokeniser outside production; none yet in production. */
  cardProcessor: 'sandbox' | 'none';
  /**
   * Where rate limits count (REDIS_URL): per-account limits in Redis and per-address ones
   * too, shared by every server process. Unset: per-account limits in the database (shared
   * as well), per-address ones in each process's memory.
   */
  redisUrl: string | undefined;
  /**
   * Social sign-in: an OpenID Connect provider given by OIDC_*; outside production without
   * them, the built-in development provider at /dev-oidc; in production without them, none.
   */
  oidc:
    | { kind: 'external'; issuer: string; clientId: string; clientSecret: string; providerName: string }
    | { kind: 'development'; providerName: string }
    | { kind: 'none' };
};

/** Payouts' status per pawaPay operator; one not named is OPERATIONAL. */
export type PayoutAvailability = Partial<Record<TCorrespondent, PawapayAvailabilityStatus>>;

export type S3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const parsed = ZEnvironment.safeParse(withoutEmptyValues(environment));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction) refuseMissingProductionSecrets(env);

  return {
    environment: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    // The demo listens on this machine only; production listens on every interface.
    host: env.HOST ?? (isProduction ? '0.0.0.0' : 'localhost'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    appSecret: env.APP_SECRET ?? DEVELOPMENT_APP_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    // People read the local demo's log in a terminal; machines read everything else.
    logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json'),
    trustProxy: env.TRUST_PROXY,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'web/dist')),
    version,
    mediaMaxImageBytes: env.MEDIA_MAX_IMAGE_BYTES,
    mediaMaxAudioBytes: env.MEDIA_MAX_AUDIO_BYTES,
    mediaMaxVideoBytes: env.MEDIA_MAX_VIDEO_BYTES,
    mediaUnattachedQuotaBytes: env.MEDIA_UNATTACHED_QUOTA_BYTES,
    mediaOrphanGraceMs: env.MEDIA_ORPHAN_GRACE_MS,
    s3: readS3Settings(env),
    ffmpegPath: env.FFMPEG_PATH,
    ffprobePath: env.FFPROBE_PATH,
    jobConcurrency: env.JOB_CONCURRENCY,
    heavyJobConcurrency: env.JOB_HEAVY_CONCURRENCY,
    // The demo's creators and fans on an empty database; never in production.
    demoContent: env.DEMO_CONTENT && !isProduction,
    oidc: readOidcSettings(env, isProduction),
    pawapay: readPawapaySettings(env),
    reconcileIntervalMs: env.RECONCILE_INTERVAL_MS,
    platformFeePercent: env.PLATFORM_FEE_PERCENT,
    passPriceLimits: readPassPriceLimits(env),
    payouts: {
      minimum: env.PAYOUT_MIN,
      earningsHoldHours: env.EARNINGS_HOLD_HOURS,
      autoPayoutHourUtc: env.AUTO_PAYOUT_HOUR,
      autoPayoutThreshold: env.AUTO_PAYOUT_THRESHOLD,
    },
    cardProcessor: isProduction ? 'none' : 'sandbox',
    redisUrl: env.REDIS_URL,
  };
}

function readPassPriceLimits(env: z.infer<typeof ZEnvironment>): Config['passPriceLimits'] {
  const limits = {
    daily: { min: env.PASS_PRICE_DAILY_MIN, max: env.PASS_PRICE_DAILY_MAX },
    weekly: { min: env.PASS_PRICE_WEEKLY_MIN, max: env.PASS_PRICE_WEEKLY_MAX },
    monthly: { min: env.PASS_PRICE_MONTHLY_MIN, max: env.PASS_PRICE_MONTHLY_MAX },
  };
  for (const [period, { min, max }] of Object.entries(limits)) {
    if (min > max) {
      throw new ConfigError(
        `Invalid configuration:\n  PASS_PRICE_${period.toUpperCase()}_MIN: is above its MAX`,
      );
    }
  }
  return limits;
}

function readPawapaySettings(env: z.infer<typeof ZEnvironment>): Config['pawapay'] {
  const timeoutMs = env.PAWAPAY_TIMEOUT_MS;
  if (!env.PAWAPAY_API_TOKEN) {
    return {
      kind: 'sandbox',
      signedCallbacks: true,
      settleAfterMs: env.PAWAPAY_SANDBOX_SETTLE_MS,
      payoutAvailability: readPayoutAvailability(env.PAWAPAY_SANDBOX_PAYOUT_AVAILABILITY),
      timeoutMs,
    };
  }
  return {
    kind: 'external',
    timeoutMs,
    baseUrl: (env.PAWAPAY_BASE_URL ?? 'https://api.sandbox.pawapay.io').replace(/\/$/, ''),
    apiToken: env.PAWAPAY_API_TOKEN,
    signedCallbacks: env.PAWAPAY_SIGNED_CALLBACKS ?? false,
  };
}

/** 'AIRTEL_OAPI_ZMB=DELAYED, ZAMTEL_ZMB=CLOSED' → { AIRTEL_OAPI_ZMB: 'DELAYED', ZAMTEL_ZMB: 'CLOSED' }. */
function readPayoutAvailability(setting: string | undefined): PayoutAvailability {
  const availability: PayoutAvailability = {};
  for (const entry of (setting ?? '').split(',').filter((part) => part.trim() !== '')) {
    const [correspondent = '', status = '', ...rest] = entry.split('=').map((part) => part.trim());
    const problem = !(CORRESPONDENTS as readonly string[]).includes(correspondent)
      ? `"${correspondent}" is not one of ${CORRESPONDENTS.join(', ')}`
      : !(PAWAPAY_AVAILABILITY_STATUSES as readonly string[]).includes(status) || rest.length > 0
        ? `"${entry.trim()}" should be ${correspondent}=${PAWAPAY_AVAILABILITY_STATUSES.join('|')}`
        : correspondent in availability
          ? `${correspondent} is given twice`
          : undefined;
    if (problem) {
      throw new ConfigError(`Invalid configuration:\n  PAWAPAY_SANDBOX_PAYOUT_AVAILABILITY: ${problem}`);
    }
    availability[correspondent as TCorrespondent] = status as PawapayAvailabilityStatus;
  }
  return availability;
}

function readOidcSettings(env: z.infer<typeof ZEnvironment>, isProduction: boolean): Config['oidc'] {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = env;
  const given = [issuer, clientId, clientSecret].filter(Boolean).length;
  if (given === 3) {
    const providerName =
      env.OIDC_PROVIDER_NAME ?? (issuer!.includes('accounts.google.com') ? 'Google' : 'social sign-in');
    return {
      kind: 'external',
      issuer: issuer!,
      clientId: clientId!,
      clientSecret: clientSecret!,
      providerName,
    };
  }
  if (given > 0) {
    throw new ConfigError('Set all of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or none of them.');
  }
  // The development provider signs anybody in: it never runs in production.
  return isProduction ? { kind: 'none' } : { kind: 'development', providerName: 'Stagepass Dev ID' };
}

function readS3Settings(env: z.infer<typeof ZEnvironment>): S3Settings | undefined {
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: region } = env;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  const given = [endpoint, bucket, region, accessKeyId, secretAccessKey].filter(Boolean).length;
  if (given === 0) return undefined;
  if (given < 5) {
    throw new ConfigError(
      'Set all of S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or none of them.',
    );
  }
  return {
    endpoint: endpoint!,
    bucket: bucket!,
    region: region!,
    accessKeyId: accessKeyId!,
    secretAccessKey: secretAccessKey!,
  };
}

function refuseMissingProductionSecrets(env: z.infer<typeof ZEnvironment>): void {
  const missing: string[] = [];
  if (!env.DATABASE_URL) missing.push('DATABASE_URL (a PostgreSQL database)');
  if (!env.APP_SECRET || env.APP_SECRET.length < 32)
    missing.push('APP_SECRET (at least 32 random characters)');
  if (!env.SMTP_URL) missing.push('SMTP_URL (mail is never kept in a dev outbox in production)');
  if (!env.PUBLIC_URL?.startsWith('https://')) missing.push('PUBLIC_URL (the https:// address users open)');
  if (!env.PAWAPAY_API_TOKEN || !env.PAWAPAY_BASE_URL) {
    missing.push('PAWAPAY_BASE_URL and PAWAPAY_API_TOKEN (the payment sandbox never runs in production)');
  }
  if (missing.length > 0) {
    throw new ConfigError(
      `Refusing to start in production without:\n${missing.map((m) => `  ${m}`).join('\n')}`,
    );
  }
}

/** `FOO=` in a shell or .env file means "not set", not "set to the empty string". */
function withoutEmptyValues(environment: Record<string, string | undefined>) {
  return Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
}
