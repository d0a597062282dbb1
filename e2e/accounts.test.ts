import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/**
 * Reads the newest mail to an address from the dev outbox, as a person reads their inbox;
 * with a subject, waits for a mail with it (reset links are mailed in the background).
 */
async function readLatestMail(email: string, subject?: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const { messages } = (await response.json()) as { messages: { subject: string; text: string }[] };
    if (messages[0] && (!subject || messages[0].subject === subject)) return messages[0].text;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail reached ${email}`);
}

async function signInThroughModal(page: Page, identifier: string, password: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email or username').fill(identifier);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await page.waitForURL(`${baseUrl}/creators/featured`);
  await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).waitFor();
}

describe('an account from sign-up to a second sign-in', () => {
  it('signs up, verifies the email, becomes a creator, sets the security question, and answers it at the next sign-in', async () => {
    const { page, context, problems } = await openPage(browser);
    const email = 'mutale.ngoma@example.com';
    const password = 'kalulu river sunrise';
    try {
      await page.goto(`${baseUrl}/creators/featured`);
      await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
      const signUp = page.getByRole('dialog', { name: 'Sign Up' });
      await signUp.getByLabel('Email', { exact: true }).fill(email);
      await signUp.getByLabel('Password', { exact: true }).fill(password);
      await signUp.getByRole('button', { name: 'Next' }).click();
      await signUp.getByLabel('Name', { exact: true }).fill('Mutale Ngoma');
      // The username follows the name until edited.
      await expect.poll(() => signUp.getByLabel('Username').inputValue()).toBe('@mutalengoma');
      await signUp.getByRole('button', { name: 'Sign Up' }).click();

      const verify = page.getByRole('dialog', { name: 'Verify your email' });
      await verify.waitFor();
      const code = /\b(\d{6})\b/.exec(await readLatestMail(email))![1]!;
      await verify.getByLabel('Verification code').fill(code);
      await verify.getByRole('button', { name: 'Verify' }).click();

      await page.waitForURL(`${baseUrl}/account-setup`);
      await page.getByRole('button', { name: 'Creator' }).click();
      await page.getByLabel('Category').selectOption('music artist');
      await page.getByRole('button', { name: 'Continue' }).click();

      // The last step of a new account: a security question, which cannot be skipped.
      const setup = page.getByRole('dialog', { name: 'Set a security question' });
      await setup.waitFor();
      expect(await setup.getByRole('button', { name: 'Close' }).count()).toBe(0);
      await setup.getByLabel('Security question').selectOption({ index: 1 });
      await setup.getByLabel('Answer').fill('Simba the Cat');
      await setup.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(`${baseUrl}/@mutalengoma`);
      await page.getByRole('banner').getByRole('link', { name: 'Create', exact: true }).waitFor();

      await signOut(page);
      await signInThroughModal(page, email, password);
      const check = page.getByRole('dialog', { name: 'Security check' });
      await check.waitFor();
      const answer = check.getByRole('textbox');
      await answer.fill('a wrong answer');
      await check.getByRole('button', { name: 'Continue' }).click();
      await check.getByText("That answer doesn't match the one you saved.").waitFor();
      await answer.fill('  simba THE cat ');
      await check.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(`${baseUrl}/@mutalengoma`);
      await check.waitFor({ state: 'detached' });
      expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('sign-in and sign-up mistakes', () => {
  it("flags empty fields without calling the server, and toasts 'An error occured!' for a wrong password", async () => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto(`${baseUrl}/signin`);
      let calls = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/auth/signin')) calls += 1;
      });
      await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
      await expect.poll(() => page.getByLabel('Email or username').getAttribute('aria-invalid')).toBe('true');
      expect(calls).toBe(0);

      await page.getByLabel('Email or username').fill('nobody@example.com');
      await page.getByLabel('Password', { exact: true }).fill('not the right password');
      await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
      await page.getByText('An error occured!').waitFor();
      expect(calls).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('offers two free usernames when the chosen one is taken', async () => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto(`${baseUrl}/creators/featured?modal=signup`);
      const signUp = page.getByRole('dialog', { name: 'Sign Up' });
      await signUp.getByLabel('Email', { exact: true }).fill('second.mutale@example.com');
      await signUp.getByLabel('Password', { exact: true }).fill('another long password');
      await signUp.getByRole('button', { name: 'Next' }).click();
      await signUp.getByLabel('Name', { exact: true }).fill('Mutale Ngoma');
      await signUp.getByText("The Username '@mutalengoma' is not available").waitFor();
      const suggestions = signUp.getByRole('button', { name: /^@mutalengoma\d+$/ });
      await expect.poll(() => suggestions.count()).toBe(2);
      const suggestion = (await suggestions.first().textContent())!.trim();
      await suggestions.first().click();
      expect(await signUp.getByLabel('Username').inputValue()).toBe(suggestion);
      await signUp.getByText('is not available').waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});

describe('forgot password', () => {
  it('mails a link that sets a new password', async () => {
    const { page, context } = await openPage(browser);
    const email = 'forgetful.fan@example.com';
    const signUp = await fetch(`${baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        country: 'ZM',
        email,
        password: 'an old password i forgot',
        name: 'Forgetful Fan',
        username: 'forgetful',
      }),
    });
    expect(signUp.status).toBe(201);
    try {
      await page.goto(`${baseUrl}/account/forgot-password/${encodeURIComponent(email)}`);
      expect(await page.getByLabel('Email address').inputValue()).toBe(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('heading', { name: 'Email Sent' }).waitFor();
      await readLatestMail(email, 'Reset your Stagepass password');

      const link = /(http\S+reset=\S+)/.exec(await readLatestMail(email))![1]!;
      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).waitFor();
      // Read once, the token leaves the address bar (and so the history), and a reload keeps the form.
      expect(page.url()).toBe(`${baseUrl}/account/forgot-password`);
      await page.reload();
      await page.getByLabel('New password', { exact: true }).fill('a brand new zambezi password');
      await page.getByLabel('Confirm new password').fill('a brand new zambezi password');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText('Your password has been changed. Sign in with the new one.').first().waitFor();
      await page.waitForURL(`${baseUrl}/signin`, { timeout: 10_000 });

      const signIn = await fetch(`${baseUrl}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: email, password: 'a brand new zambezi password' }),
      });
      expect(signIn.status).toBe(200);
    } finally {
      await context.close();
    }
  });
});
