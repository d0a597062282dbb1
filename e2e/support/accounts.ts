import type { TGetDevOutboxResponse } from '@stagepass/contract/dev-outbox';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, inject } from 'vitest';
import { openPage } from './browser.ts';

/** An account made through the API for a browser test, with its browser's cookies. */
export type Account = {
  name: string;
  username: string;
  email: string;
  password: string;
  cookies: Map<string, string>;
};

/** Calls the API as the account's browser would: its cookies, and our own Origin. */
export async function callApi(
  account: Account | null,
  path: string,
  method: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
) {
  const baseUrl = inject('baseUrl');
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...extraHeaders,
      origin: baseUrl,
      'content-type': 'application/json',
      ...(account && {
        cookie: [...account.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  for (const header of response.headers.getSetCookie()) {
    const [pair = ''] = header.split(';');
    const [name = '', ...value] = pair.split('=');
    account?.cookies.set(name.trim(), value.join('='));
  }
  return response;
}

/** The newest 6-digit code mailed to an address, from the dev outbox. */
export async function readLatestCode(email: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(`${inject('baseUrl')}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const { messages } = (await response.json()) as TGetDevOutboxResponse;
    const code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code reached ${email}`);
}

let accountsMade = 0;

/** The security question every account made by createAccount has, and its answer. */
export const SECURITY_QUESTION = { question: 'What was the name of your first pet?', answer: 'Simba' };

/**
 * An account made through the API, as far as the browser tests need it: signed up, email
 * verified, fan or creator, with a security question (answered in this session) unless
 * asked for one that has not reached that step.
 */
export async function createAccount(
  name: string,
  username: string,
  role: { name: 'fan' } | { name: 'creator'; cartegory: string },
  { hasSecurityQuestion = true }: { hasSecurityQuestion?: boolean } = {},
): Promise<Account> {
  const account: Account = {
    name,
    username: `@${username}`,
    email: `${username}@example.com`,
    password: 'lusaka evening drums',
    cookies: new Map(),
  };
  accountsMade += 1;
  // Each account from an address of its own (the test server trusts the proxy header): the
  // per-address limits of sign-up and of code checks are for people, not for a test run.
  const ownAddress = { 'x-forwarded-for': `198.51.100.${accountsMade % 250}` };
  const signUp = await callApi(
    account,
    '/api/auth/signup',
    'POST',
    { country: 'ZM', email: account.email, password: account.password, name, username },
    ownAddress,
  );
  expect(signUp.status).toBe(201);
  const code = await readLatestCode(account.email);
  const verify = await callApi(
    account,
    '/api/auth/verify-code',
    'POST',
    { purpose: 'email-verification', email: account.email, code },
    ownAddress,
  );
  expect(verify.status).toBe(200);
  expect((await callApi(account, '/api/users/account-type', 'PUT', role)).status).toBe(200);
  if (!hasSecurityQuestion) return account;
  const question = await callApi(account, '/api/auth/security-question', 'POST', SECURITY_QUESTION);
  expect(question.status).toBe(200);
  return account;
}

/** A browser page signed in as the account (its cookies), or signed out. */
export async function openPageAs(
  browser: Browser,
  account: Account | null,
  options: Parameters<typeof openPage>[1] = {},
): Promise<{ page: Page; context: BrowserContext; problems: string[] }> {
  const opened = await openPage(browser, options);
  if (account) {
    await opened.context.addCookies(
      [...account.cookies].map(([name, value]) => ({ name, value, url: inject('baseUrl') })),
    );
  }
  return opened;
}

/** A PNG photo of the given colour, made here rather than kept as a fixture file. */
export function makePng(color: { r: number; g: number; b: number }) {
  return sharp({ create: { width: 480, height: 320, channels: 3, background: color } })
    .png()
    .toBuffer();
}
