import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const productionSecrets = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db.internal/stagepass',
  APP_SECRET: 'x'.repeat(40),
  SMTP_URL: 'smtps://mail.internal',
  PUBLIC_URL: 'https://stagepass.example',
  PAWAPAY_BASE_URL: 'https://api.pawapay.io',
  PAWAPAY_API_TOKEN: 'pawapay-production-token',
};

describe('loadConfig', () => {
  it('gives the local demo safe defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      environment: 'development',
      isProduction: false,
      port: 3000,
      host: 'localhost',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
    expect(config.dataDir).toBe(path.resolve('data'));
  });

  it('writes pretty logs for the local demo and JSON everywhere else', () => {
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });

  it('seeds the demo content unless DEMO_CONTENT=false, and never in production', () => {
    expect(loadConfig({}).demoContent).toBe(true);
    expect(loadConfig({ DEMO_CONTENT: 'false' }).demoContent).toBe(false);
    expect(loadConfig({ ...productionSecrets, DEMO_CONTENT: 'true' }).demoContent).toBe(false);
    expect(() => loadConfig({ DEMO_CONTENT: 'no' })).toThrow(/DEMO_CONTENT/);
  });

  it('trusts as many proxies as TRUST_PROXY says, one for true, never every hop', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '0' })).toThrow(/TRUST_PROXY/);
  });

  it('treats an empty variable as not set', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('names the variable that is malformed', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => loadConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow(/REDIS_URL: must start with redis/);
  });

  it('refuses to start in production without its secrets, listing each one', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['DATABASE_URL', 'APP_SECRET', 'SMTP_URL', 'PUBLIC_URL', 'PAWAPAY_API_TOKEN'])
      expect(message).toContain(name);
  });

  it('refuses a short APP_SECRET or a plain-http PUBLIC_URL in production', () => {
    expect(() => loadConfig({ ...productionSecrets, APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ ...productionSecrets, PUBLIC_URL: 'http://stagepass.example' })).toThrow(
      /PUBLIC_URL/,
    );
  });

  it('starts in production when every secret is given, listening on all interfaces', () => {
    const config = loadConfig(productionSecrets);
    expect(config.isProduction).toBe(true);
    expect(config.host).toBe('0.0.0.0');
    expect(config.appSecret).toBe(productionSecrets.APP_SECRET);
  });

  it('talks to pawaPay with a token, else to the built-in sandbox, which production never runs', () => {
    expect(loadConfig({}).pawapay).toEqual({
      kind: 'sandbox',
      signedCallbacks: true,
      settleAfterMs: 3000,
      payoutAvailability: {},
      timeoutMs: 15_000,
    });
    expect(
      loadConfig({ PAWAPAY_API_TOKEN: 'token', PAWAPAY_BASE_URL: 'http://127.0.0.1:4010/' }).pawapay,
    ).toEqual({
      kind: 'external',
      baseUrl: 'http://127.0.0.1:4010',
      apiToken: 'token',
      signedCallbacks: false,
      timeoutMs: 15_000,
    });
    const { PAWAPAY_API_TOKEN: _token, ...withoutToken } = productionSecrets;
    expect(() => loadConfig(withoutToken)).toThrow(/PAWAPAY_API_TOKEN/);
    expect(loadConfig(productionSecrets).cardProcessor).toBe('none');
    expect(loadConfig({}).cardProcessor).toBe('sandbox');
  });

  it("reads the sandbox's payout availability per operator, refusing what it cannot read", () => {
    const read = (setting: string) =>
      loadConfig({ PAWAPAY_SANDBOX_PAYOUT_AVAILABILITY: setting }).pawapay as { payoutAvailability: unknown };
    expect(read('AIRTEL_OAPI_ZMB=DELAYED,ZAMTEL_ZMB=CLOSED').payoutAvailability).toEqual({
      AIRTEL_OAPI_ZMB: 'DELAYED',
      ZAMTEL_ZMB: 'CLOSED',
    });
    expect(read(' MTN_MOMO_ZMB = OPERATIONAL , ').payoutAvailability).toEqual({
      MTN_MOMO_ZMB: 'OPERATIONAL',
    });
    for (const setting of [
      'MPESA_KEN=DELAYED',
      'ZAMTEL_ZMB=SLOW',
      'ZAMTEL_ZMB',
      'ZAMTEL_ZMB=CLOSED,ZAMTEL_ZMB=DELAYED',
    ]) {
      expect(() => read(setting), setting).toThrow(/PAWAPAY_SANDBOX_PAYOUT_AVAILABILITY/);
    }
  });

  it('runs the development sign-in provider only outside production, and wants all OIDC_* or none', () => {
    expect(loadConfig({}).oidc).toEqual({ kind: 'development', providerName: 'Stagepass Dev ID' });
    expect(loadConfig(productionSecrets).oidc).toEqual({ kind: 'none' });
    expect(() => loadConfig({ OIDC_ISSUER: 'https://accounts.google.com' })).toThrow(/OIDC_CLIENT_ID/);
    expect(
      loadConfig({
        ...productionSecrets,
        OIDC_ISSUER: 'https://accounts.google.com',
        OIDC_CLIENT_ID: 'client',
        OIDC_CLIENT_SECRET: 'secret',
      }).oidc,
    ).toMatchObject({ kind: 'external', providerName: 'Google' });
  });
});
