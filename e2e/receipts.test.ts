import { randomUUID } from 'node:crypto';
import { PURCHASE_MESSAGES } from '@stagepass/contract/purchases';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, callApi, createAccount, openPageAs } from './support/accounts.ts';
import { findSeriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser, PHONE } from './support/browser.ts';
import { findLayoutProblems } from './support/layout-check.ts';
import { fundWallet } from './support/wallet.ts';

// A fan's receipts and passes on a phone in dark mode: what they bought named on the wallet
// page, a failed purchase with its reason, and the passes page's renewal switch by keyboard.
const baseUrl = inject('baseUrl');
let browser: Browser;
let creator: Account;
let fan: Account;
let postId: string;

// The sandbox fails a deposit from a number ending in 049 (the payer's funds are short).
const FAILING_MSISDN = '260763456049';

async function buy(account: Account, body: Record<string, unknown>) {
  const answer = await callApi(account, '/api/purchases', 'POST', { purchaseId: randomUUID(), ...body });
  expect(answer.status).toBe(201);
  return (await answer.json()) as { purchase: { purchaseId: string; status: string } };
}

async function expectNoLayoutProblems(page: Page) {
  expect(await findLayoutProblems(page)).toEqual([]);
  expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
}

beforeAll(async () => {
  browser = await launchBrowser();
  creator = await createAccount('Mutinta Hamoonga', 'mutintareceipts', {
    name: 'creator',
    cartegory: 'music artist',
  });
  fan = await createAccount('Kondwani Tembo', 'kondwanireceipts', { name: 'fan' });
  expect(
    (await callApi(creator, '/api/users/pricing', 'PUT', { period: 'weekly', price: 2_500 })).status,
  ).toBe(200);
  const created = await callApi(creator, '/api/post/create', 'POST', {
    type: 'text',
    description: 'Rehearsal notes for Friday',
  });
  postId = ((await created.json()) as { newPost: { postId: string } }).newPost.postId;
  await fundWallet(fan);
});
afterAll(async () => {
  await browser?.close();
});

describe('receipts and passes', () => {
  it('names a pass and a tip on the wallet page and its receipts, and renews the pass by keyboard, at 360 px in dark mode', async () => {
    await buy(fan, { kind: 'pass', creator: creator.username, period: 'weekly' });
    await buy(fan, { kind: 'tip', creator: creator.username, postId, tipName: 'Munkoyo', amount: 1_000 });
    // More than the wallet holds, the rest from a number whose top-up fails: nothing is bought.
    const failing = await buy(fan, {
      kind: 'support',
      creator: creator.username,
      amount: 10_000,
      funding: { method: 'mobile-money', phone: FAILING_MSISDN, correspondent: 'MTN_MOMO_ZMB' },
    });
    await expect
      .poll(
        async () => {
          const answer = await callApi(fan, `/api/purchases/${failing.purchase.purchaseId}`, 'GET');
          return ((await answer.json()) as { purchase: { status: string } }).purchase.status;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe('failed');

    const { page, context, problems } = await openPageAs(browser, fan, {
      viewport: PHONE,
      colorScheme: 'dark',
    });
    try {
      await page.goto(`${baseUrl}/wallet`);
      await page.getByTestId('wallet-balance').getByText('K65').waitFor();
      const statement = page.getByRole('list', { name: 'Transactions' });
      const tipLine = statement
        .getByRole('listitem')
        .filter({ hasText: 'Tip "Munkoyo" to Mutinta Hamoonga' });
      await tipLine.getByText('−K10').waitFor();
      await tipLine.getByText('Completed').waitFor();
      const passLine = statement.getByRole('listitem').filter({ hasText: 'Weekly pass to Mutinta Hamoonga' });
      // What the fan paid: the platform's fee is not shown to them.
      await passLine.getByText('−K25').waitFor();

      const receipts = page.getByRole('list', { name: 'Receipts' });
      await receipts.scrollIntoViewIfNeeded();
      const paidPass = receipts.getByRole('listitem').filter({ hasText: 'Weekly pass to Mutinta Hamoonga' });
      await paidPass.getByText('Paid').waitFor();
      await paidPass.getByText('K25').waitFor();
      await receipts.getByRole('listitem').filter({ hasText: 'Tip "Munkoyo" to Mutinta Hamoonga' }).waitFor();
      const failed = receipts.getByRole('listitem').filter({ hasText: 'Support to Mutinta Hamoonga' });
      await failed.getByText('Failed').waitFor();
      await failed.getByText(PURCHASE_MESSAGES.topupFailed).waitFor();
      await expectNoLayoutProblems(page);

      // The passes page, from the wallet page.
      await page.getByRole('link', { name: 'Your passes' }).click();
      await page.waitForURL(`${baseUrl}/passes`);
      await page.getByRole('heading', { name: 'Your passes', level: 1 }).waitFor();
      const pass = page.getByRole('article', { name: 'Mutinta Hamoonga' });
      await pass.getByText('Weekly pass · K25 / week').waitFor();
      await pass.getByText('Active').waitFor();
      const inAWeek = new Date(Date.now() + 7 * 86_400_000).toLocaleString('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      });
      await pass.getByText(`Ends ${inAWeek}`, { exact: false }).waitFor();
      const autoRenew = pass.getByRole('switch', { name: 'Auto-renew from wallet' });
      expect(await autoRenew.getAttribute('aria-checked')).toBe('false');
      await pass.getByText('Mobile money asks for your PIN every time', { exact: false }).waitFor();
      await expectNoLayoutProblems(page);

      // By keyboard: Tab reaches the switch, Space turns it on, and the server keeps it.
      await pass.getByRole('link', { name: 'Mutinta Hamoonga' }).focus();
      await page.keyboard.press('Tab');
      expect(await autoRenew.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press('Space');
      await expect.poll(() => autoRenew.getAttribute('aria-checked')).toBe('true');
      await expect
        .poll(async () => {
          const answer = await callApi(fan, '/api/passes', 'GET');
          return ((await answer.json()) as { passes: { isAutoRenew: boolean }[] }).passes[0]?.isAutoRenew;
        })
        .toBe(true);
      await page.reload();
      await expect.poll(() => autoRenew.getAttribute('aria-checked')).toBe('true');
      await autoRenew.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => autoRenew.getAttribute('aria-checked')).toBe('false');

      // The account menu leads there too.
      await page.goto(`${baseUrl}/creators/featured`);
      await page.getByRole('button', { name: 'Account menu' }).click();
      const sheet = page.getByRole('dialog', { name: 'Account' });
      await sheet.getByRole('menuitem', { name: 'Your passes' }).click();
      await page.waitForURL(`${baseUrl}/passes`);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the creator what reached their earnings, named for the fan, and the earnings beside the balance', async () => {
    const { page, context, problems } = await openPageAs(browser, creator, {
      viewport: PHONE,
      colorScheme: 'dark',
    });
    try {
      await page.goto(`${baseUrl}/wallet`);
      // K25 and K10 less the 10 % fee.
      await page.getByTestId('wallet-earnings').getByText('K31.50').waitFor();
      const statement = page.getByRole('list', { name: 'Transactions' });
      await statement
        .getByRole('listitem')
        .filter({ hasText: 'Tip "Munkoyo" from Kondwani Tembo' })
        .getByText('+K9')
        .waitFor();
      await statement
        .getByRole('listitem')
        .filter({ hasText: 'Weekly pass from Kondwani Tembo' })
        .getByText('+K22.50')
        .waitFor();
      await expectNoLayoutProblems(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reminds of a pass ending soon on the home, dismissibly, and on the notifications page', async () => {
    const { page, context, problems } = await openPageAs(browser, fan, {
      viewport: PHONE,
      colorScheme: 'dark',
    });
    try {
      // The pass bought above ends in a week; the server's answer is moved to its last day,
      // as GET /api/passes says it then (the rule itself is the API tests').
      await page.route('**/api/passes', async (route) => {
        const answer = await route.fetch();
        const body = (await answer.json()) as { passes: { isEndingSoon: boolean }[] };
        await route.fulfill({
          response: answer,
          json: { ...body, passes: body.passes.map((pass) => ({ ...pass, isEndingSoon: true })) },
        });
      });
      await page.goto(`${baseUrl}/creators/featured`);
      const reminders = page.getByRole('region', { name: 'Pass reminders' });
      await reminders.getByText('Your weekly pass to Mutinta Hamoonga ends', { exact: false }).waitFor();
      await reminders.getByRole('link', { name: 'Extend pass' }).waitFor();
      await expectNoLayoutProblems(page);
      const dismiss = reminders.getByRole('button', {
        name: "Dismiss the reminder about Mutinta Hamoonga's pass",
      });
      await dismiss.focus();
      await page.keyboard.press('Enter');
      await reminders.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('region', { name: 'Pass reminders' }).count()).toBe(0);

      // The notifications page keeps it while the pass runs.
      await page.goto(`${baseUrl}/notifications/all`);
      const notifications = page.getByRole('list', { name: 'Notifications' });
      await notifications.getByText('Your weekly pass to Mutinta Hamoonga ends', { exact: false }).waitFor();
      await expectNoLayoutProblems(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('puts the switch back and says so when the server refuses the change', async () => {
    const { page, context } = await openPageAs(browser, fan, { viewport: PHONE, colorScheme: 'dark' });
    try {
      await page.route('**/api/passes/*/auto-renew', (route) =>
        route.fulfill({ status: 500, json: { success: false, message: 'Internal error', code: 'INTERNAL' } }),
      );
      await page.goto(`${baseUrl}/passes`);
      const autoRenew = page
        .getByRole('article', { name: 'Mutinta Hamoonga' })
        .getByRole('switch', { name: 'Auto-renew from wallet' });
      await autoRenew.waitFor();
      expect(await autoRenew.getAttribute('aria-checked')).toBe('false');
      await autoRenew.focus();
      await page.keyboard.press('Space');
      await page.getByText('Auto-renew could not be turned on. Try again.').waitFor();
      await expect.poll(() => autoRenew.getAttribute('aria-checked')).toBe('false');
    } finally {
      await context.close();
    }
  });
});
