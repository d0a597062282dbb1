import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const providerLink = { name: 'Continue with Stagepass Dev ID' };
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The development provider's own pages (oidc-provider): any login, then consent when asked. */
async function signInAtProvider(page: Page, login: string) {
  await page.waitForURL((url) => url.pathname.startsWith('/dev-oidc/'));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/dev-oidc/') || url.pathname.includes('/interaction/'),
  );
  const consent = page.getByRole('button', { name: 'Continue' });
  if (page.url().includes('/dev-oidc/') && (await consent.count()) > 0) await consent.click();
  await page.waitForURL((url) => !url.pathname.startsWith('/dev-oidc/'));
}

describe('social sign-in through the OpenID Connect provider', () => {
  it('completes sign-up for a new email, keeps the chosen role, signs out of the provider and back in', async () => {
    const { page, context, problems } = await openPage(browser);
    const email = 'chipo.mulenga@example.com';
    try {
      // A visitor who chose to join as a creator leaves for the provider from the sign-up modal.
      await page.goto(`${baseUrl}/creators/featured?modal=signup/creator`);
      await page.getByRole('dialog', { name: 'Sign Up' }).getByRole('link', providerLink).click();
      await signInAtProvider(page, email);

      // Unknown email: the signup modal completes the account, name and email prefilled, no password.
      const signUp = page.getByRole('dialog', { name: 'Sign Up' });
      await signUp.getByText(`Signing up as ${email}`).waitFor();
      expect(await signUp.getByLabel('Name', { exact: true }).inputValue()).toBe('Chipo Mulenga');
      await expect.poll(() => signUp.getByLabel('Username').inputValue()).toBe('@chipomulenga');
      expect(await signUp.getByLabel('Password', { exact: true }).count()).toBe(0);
      await signUp.getByRole('button', { name: 'Sign Up' }).click();

      // The role chosen before leaving is preselected at account setup.
      await page.waitForURL(`${baseUrl}/account-setup?role=creator`);
      await expect
        .poll(() => page.getByRole('button', { name: 'Creator' }).getAttribute('aria-pressed'))
        .toBe('true');
      await page.getByLabel('Category').selectOption('podcaster');
      await page.getByRole('button', { name: 'Continue' }).click();
      // A new account's last step: the security question.
      const setup = page.getByRole('dialog', { name: 'Set a security question' });
      await setup.getByLabel('Security question').selectOption({ index: 1 });
      await setup.getByLabel('Answer').fill('Lusaka');
      await setup.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(`${baseUrl}/@chipomulenga`);

      // Log Out also signs out at the provider, which sends the browser back to /.
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Log Out' }).click();
      await page.getByRole('button', { name: 'Yes, sign me out' }).click();
      await page.waitForURL(`${baseUrl}/creators/featured`);
      await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).waitFor();

      // A known email signs in (the provider asks for the login again: its session ended),
      // then the sign-in sequence runs: the question is asked in this new session.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('dialog', { name: 'Sign In' }).getByRole('link', providerLink).click();
      await signInAtProvider(page, email);
      const check = page.getByRole('dialog', { name: 'Security check' });
      await check.getByRole('textbox').fill('Lusaka');
      await check.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(`${baseUrl}/@chipomulenga`);
      // The provider's own pages (not ours) load a web font our CSP refuses, and a favicon.
      expect(problems.filter((problem) => !/\/dev-oidc\/|favicon\.ico/.test(problem))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("says why when the provider's sign-in did not complete", async () => {
    const { page, context } = await openPage(browser);
    try {
      // Coming back without the flow this browser started (e.g. a stale or forged link).
      await page.goto(`${baseUrl}/api/auth/oidc/callback?code=forged&state=forged`);
      await page.waitForURL((url) => url.pathname === '/signin');
      await page.getByRole('alert').getByText('Your sign-in took too long. Try again.').waitFor();
      await page.getByRole('link', providerLink).waitFor();
    } finally {
      await context.close();
    }
  });
});
