import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, callApi, createAccount, openPageAs, SECURITY_QUESTION } from './support/accounts.ts';
import { launchBrowser, openPage } from './support/browser.ts';

// Where signing in ends, the steps an account cannot skip, and who may see each page and
// modal: what a new person meets in their first minutes.
const baseUrl = inject('baseUrl');
let browser: Browser;
let fan: Account;
let creator: Account;
let fanWithoutQuestion: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  fan = await createAccount('Natasha Fan', 'natashafan', { name: 'fan' });
  creator = await createAccount('Kabwe Creator', 'kabwecreator', { name: 'creator', cartegory: 'podcaster' });
  fanWithoutQuestion = await createAccount(
    'Chipo Newcomer',
    'chiponewcomer',
    { name: 'fan' },
    { hasSecurityQuestion: false },
  );
});
afterAll(async () => {
  await browser?.close();
});

async function signInOnPage(page: Page, account: Account) {
  await page.getByLabel('Email or username').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
}

describe('where signing in ends', () => {
  it('continues to next_page after the security question: /signin?next_page=/wallet ends on /wallet', async () => {
    const { page, context, problems } = await openPage(browser);
    try {
      await page.goto(`${baseUrl}/signin?next_page=/wallet`);
      await signInOnPage(page, fan);
      const check = page.getByRole('dialog', { name: 'Security check' });
      await check.getByLabel(SECURITY_QUESTION.question).fill(SECURITY_QUESTION.answer);
      await check.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(`${baseUrl}/wallet`);
      await page.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('takes a fan without next_page to /creators/all, never to an empty profile of their own', async () => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto(`${baseUrl}/signin`);
      await signInOnPage(page, fan);
      const check = page.getByRole('dialog', { name: 'Security check' });
      await check.getByLabel(SECURITY_QUESTION.question).fill(SECURITY_QUESTION.answer);
      await check.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(`${baseUrl}/creators/all`);
    } finally {
      await context.close();
    }
  });

  it('takes a creator without next_page to their profile', async () => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto(`${baseUrl}/signin`);
      await signInOnPage(page, creator);
      const check = page.getByRole('dialog', { name: 'Security check' });
      await check.getByLabel(SECURITY_QUESTION.question).fill(SECURITY_QUESTION.answer);
      await check.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(`${baseUrl}/${creator.username}`);
    } finally {
      await context.close();
    }
  });
});

describe('an account without a security question', () => {
  it('gets the setup modal, without a close button, on every page until it sets one', async () => {
    const { page, context } = await openPageAs(browser, fanWithoutQuestion);
    try {
      for (const path of ['/creators/featured', '/wallet', `/${fanWithoutQuestion.username}`]) {
        await page.goto(`${baseUrl}${path}`);
        const setup = page.getByRole('dialog', { name: 'Set a security question' });
        await setup.getByLabel('Answer').waitFor();
        expect(await setup.getByRole('button', { name: 'Close' }).count()).toBe(0);
        await setup.getByRole('button', { name: 'Log Out' }).waitFor();
        // Escape cannot get rid of it either: it comes straight back.
        await page.keyboard.press('Escape');
        await setup.getByLabel('Answer').waitFor();
      }

      // Until then the server refuses what needs the second step.
      const refused = await callApi(fanWithoutQuestion, '/api/payment-methods/mobile-money', 'POST', {
        phone: '0961234567',
      });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { code: string }).code).toBe('SECURITY_QUESTION_REQUIRED');

      const setup = page.getByRole('dialog', { name: 'Set a security question' });
      await setup.getByLabel('Security question').selectOption(SECURITY_QUESTION.question);
      await setup.getByLabel('Answer').fill('Simba');
      await setup.getByRole('button', { name: 'Save' }).click();
      await setup.waitFor({ state: 'detached' });
      await page.goto(`${baseUrl}/creators/featured`);
      await page.getByRole('heading', { level: 1, name: 'Featured creators' }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('a session that has not answered its security question', () => {
  it('is asked for it on arriving in settings, whose changes need it', async () => {
    // The same account in a browser whose 2-day check has lapsed: the session cookie alone.
    const unchecked = { ...fan, cookies: new Map([['token', fan.cookies.get('token')!]]) };
    const { page, context } = await openPageAs(browser, unchecked);
    try {
      await page.goto(`${baseUrl}/${fan.username}/settings`);
      const check = page.getByRole('dialog', { name: 'Security check' });
      await check.getByLabel(SECURITY_QUESTION.question).fill(SECURITY_QUESTION.answer);
      await check.getByRole('button', { name: 'Continue' }).click();
      await check.waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/${fan.username}/settings`);
    } finally {
      await context.close();
    }
  });
});

describe('who may see each page and modal', () => {
  it('tells a verified account its email is verified instead of "We sent a 6-digit code"', async () => {
    const { page, context } = await openPageAs(browser, fan);
    try {
      await page.goto(`${baseUrl}/creators/featured?modal=email-verification`);
      const dialog = page.getByRole('dialog', { name: 'Verify your email' });
      await dialog.getByText('is verified').waitFor();
      expect(await dialog.getByText('We sent a').count()).toBe(0);
      expect(await dialog.getByLabel('Verification code').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('tells someone signed in who they are instead of the forms for visitors', async () => {
    const { page, context } = await openPageAs(browser, fan);
    try {
      for (const [modal, title] of [
        ['signin', 'Sign In'],
        ['signup', 'Sign Up'],
        ['forgot-password', 'Forgot password'],
      ] as const) {
        await page.goto(`${baseUrl}/creators/featured?modal=${modal}`);
        const dialog = page.getByRole('dialog', { name: title });
        await dialog.getByText(`You are signed in as ${fan.username}`).waitFor();
        expect(await dialog.getByRole('textbox').count(), modal).toBe(0);
      }
    } finally {
      await context.close();
    }
  });

  it("shows the creator's page options to creators only", async () => {
    for (const [who, account] of [
      ['a visitor', null],
      ['a fan', fan],
    ] as const) {
      const { page, context } = await openPageAs(browser, account);
      try {
        await page.goto(`${baseUrl}/creators/featured?modal=page-more-options-menu`);
        const dialog = page.getByRole('dialog', { name: 'Page options' });
        // A visitor is asked to sign in; a fan is told the menu is for creators.
        const answer = account
          ? dialog.getByRole('link', { name: 'Find Creators' })
          : dialog.getByRole('button', { name: 'Sign In' });
        await answer.waitFor();
        expect(await dialog.getByRole('menuitem', { name: 'Payout' }).count(), who).toBe(0);
        expect(await dialog.getByRole('menuitem', { name: 'Video' }).count(), who).toBe(0);
      } finally {
        await context.close();
      }
    }
    const { page, context } = await openPageAs(browser, creator);
    try {
      await page.goto(`${baseUrl}/${creator.username}?modal=page-more-options-menu`);
      await page
        .getByRole('dialog', { name: 'Page options' })
        .getByRole('menuitem', { name: 'Payout' })
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it('does not offer a set-up account the choice of fan or creator again', async () => {
    const { page, context } = await openPageAs(browser, fan);
    try {
      await page.goto(`${baseUrl}/account-setup`);
      await page.getByText('Your account is set up').waitFor();
      expect(await page.getByRole('button', { name: 'Creator' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Continue' }).click();
      await page.waitForURL(`${baseUrl}/creators/all`);
    } finally {
      await context.close();
    }
  });

  it('keeps every kind of /create/… behind sign-in, and for creators', async () => {
    for (const kind of ['video', 'audio', 'text', 'photo']) {
      const visitor = await openPageAs(browser, null);
      try {
        await visitor.page.goto(`${baseUrl}/create/${kind}`);
        await visitor.page.getByRole('heading', { level: 1, name: 'Sign in to continue' }).waitFor();
        await visitor.page.getByRole('main').getByRole('button', { name: 'Sign In' }).waitFor();
        expect(visitor.problems, kind).toEqual([]);
      } finally {
        await visitor.context.close();
      }
    }
    const asFan = await openPageAs(browser, fan);
    try {
      await asFan.page.goto(`${baseUrl}/create/audio`);
      await asFan.page.getByRole('heading', { level: 1, name: 'For creators' }).waitFor();
    } finally {
      await asFan.context.close();
    }
  });
});
