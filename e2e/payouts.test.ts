import { randomUUID } from 'node:crypto';
import { PAYOUT_FAILURE_TEXTS, PAYOUT_MESSAGES } from '@stagepass/contract/payout-texts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, callApi, createAccount, openPageAs, SECURITY_QUESTION } from './support/accounts.ts';
import { findSeriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser, PHONE } from './support/browser.ts';
import { findLayoutProblems, findLayoutProblemsWhileTyping } from './support/layout-check.ts';
import { fundWallet } from './support/wallet.ts';

// A creator paid by a fan pays out to mobile money on the payouts page: the sandbox pays a
// number ending in 789 after a few seconds and answers RECIPIENT_NOT_FOUND for one ending
// in 089. The page's analytics show the same earnings as a chart and its table.
const baseUrl = inject('baseUrl');
const COMPLETING_NUMBER = '0763456789';
const FAILING_NUMBER = '0763456089';
// The sandbox settles 3 s after the payout is accepted; the page asks every 3 s.
const OUTCOME_TIMEOUT = 30_000;
let browser: Browser;
let creator: Account;
let fan: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  creator = await createAccount('Mwansa Payouts Lungu', 'mwansapayouts', {
    name: 'creator',
    cartegory: 'music artist',
  });
  fan = await createAccount('Bupe Payouts Fan', 'bupepayoutsfan', { name: 'fan' });
  for (const [phone, preffered] of [
    [COMPLETING_NUMBER, true],
    [FAILING_NUMBER, false],
  ] as const) {
    const saved = await callApi(creator, '/api/payment-methods/mobile-money', 'POST', { phone, preffered });
    expect(saved.status).toBeLessThan(300);
  }
  // K100 of support earns the creator K90, after the platform's 10% fee.
  await fundWallet(fan);
  const support = await callApi(fan, '/api/purchases', 'POST', {
    purchaseId: randomUUID(),
    kind: 'support',
    creator: creator.username,
    amount: 10_000,
  });
  expect(support.status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
});

/** The payout requests the page sends, as they leave it. */
function recordPayoutRequests(page: Page) {
  const sent: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/payouts') {
      sent.push(JSON.parse(request.postData() ?? '{}'));
    }
  });
  return sent;
}

async function expectAmounts(page: Page, amounts: { available: string; paidOut: string; onItsWay: string }) {
  await page
    .getByTestId('payouts-available')
    .filter({ hasText: new RegExp(`^${amounts.available}$`) })
    .waitFor();
  await page
    .getByTestId('payouts-paid-out')
    .filter({ hasText: new RegExp(`^${amounts.paidOut}$`) })
    .waitFor();
  await page
    .getByTestId('payouts-on-its-way')
    .filter({ hasText: new RegExp(`^${amounts.onItsWay}$`) })
    .waitFor();
}

describe('paying out', () => {
  it('pays K50 out to a completing number and shows it paid, with the amounts updated', async () => {
    const { page, context, problems } = await openPageAs(browser, creator);
    try {
      const sent = recordPayoutRequests(page);
      await page.goto(`${baseUrl}/payouts`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
      await expectAmounts(page, { available: 'K90', paidOut: 'K0', onItsWay: 'K0' });
      await main.getByText('The smallest payout is K20.').waitFor();
      await main.getByText('No payouts yet.', { exact: false }).waitFor();

      await main.getByRole('button', { name: 'Payout', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Payout' });
      const amount = dialog.getByLabel('Amount in kwacha');
      // All that is available, to begin with, to the preferred number.
      await expect.poll(() => amount.inputValue()).toBe('90');
      const preferred = dialog.getByRole('radio', { name: /\+260 76 345 6789/ });
      expect(await preferred.isChecked()).toBe(true);

      // Checked as the server would, in its words, and nothing is sent.
      await amount.fill('10');
      await dialog.getByRole('button', { name: 'Pay out K10' }).click();
      await dialog.getByText(PAYOUT_MESSAGES.amountTooSmall(2_000), { exact: true }).waitFor();
      await amount.fill('100');
      await dialog.getByRole('button', { name: 'Pay out K100' }).click();
      await dialog.getByText(PAYOUT_MESSAGES.moreThanAvailable(9_000), { exact: true }).waitFor();
      expect(sent).toEqual([]);

      await amount.fill('50');
      await dialog.getByRole('button', { name: 'Pay out K50' }).click();
      const status = dialog.getByRole('status');
      await status.getByText('Paid', { exact: true }).waitFor({ timeout: OUTCOME_TIMEOUT });
      await status.getByText('K50 was sent to MTN +260 76 345 6789.').waitFor();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ amount: 5_000, phone: '260763456789', correspondent: 'MTN_MOMO_ZMB' });
      expect(sent[0]?.payoutId).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );

      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await dialog.waitFor({ state: 'detached' });
      await expectAmounts(page, { available: 'K40', paidOut: 'K50', onItsWay: 'K0' });
      const item = main.getByRole('list', { name: 'Payouts' }).getByRole('listitem').first();
      await item.getByText('K50', { exact: true }).waitFor();
      await item.getByText('Paid', { exact: true }).waitFor();
      await item.getByText('To MTN +260 76 345 6789', { exact: false }).waitFor();
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says why a payout to a failing number failed, in words, and the money is available again (phone, dark)', async () => {
    const { page, context, problems } = await openPageAs(browser, creator, {
      viewport: PHONE,
      colorScheme: 'dark',
    });
    try {
      await page.goto(`${baseUrl}/payouts`);
      const main = page.getByRole('main');
      await expectAmounts(page, { available: 'K40', paidOut: 'K50', onItsWay: 'K0' });
      await main.getByRole('button', { name: 'Payout', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Payout' });
      await expect.poll(() => dialog.getByLabel('Amount in kwacha').inputValue()).toBe('40');
      await dialog.getByRole('radio', { name: /\+260 76 345 6089/ }).check();
      // 360 px wide: nothing sticks out of the dialog, also with the amount field focused.
      expect(await findLayoutProblems(page)).toEqual([]);
      expect(await findLayoutProblemsWhileTyping(page)).toEqual([]);
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: 'Pay out K40' }).click();
      const status = dialog.getByRole('status');
      await status.getByText('Failed', { exact: true }).waitFor({ timeout: OUTCOME_TIMEOUT });
      await status.getByText(PAYOUT_FAILURE_TEXTS.RECIPIENT_NOT_FOUND ?? '').waitFor();
      await status.getByText('The K40 is available to pay out again.').waitFor();
      expect(await findLayoutProblems(page)).toEqual([]);
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Try again' }).waitFor();

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expectAmounts(page, { available: 'K40', paidOut: 'K50', onItsWay: 'K0' });
      const item = main.getByRole('list', { name: 'Payouts' }).getByRole('listitem').first();
      await item.getByText('Failed', { exact: true }).waitFor();
      await item.getByText(PAYOUT_FAILURE_TEXTS.RECIPIENT_NOT_FOUND ?? '', { exact: false }).waitFor();
      expect(await findLayoutProblems(page)).toEqual([]);
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
  it('sends the same payoutId again after a lost answer, so the retry pays once', async () => {
    const { page, context, problems } = await openPageAs(browser, creator, { viewport: PHONE });
    try {
      const sent = recordPayoutRequests(page);
      // The first request reaches the server, but its answer never reaches the page.
      let isFirst = true;
      await page.route('**/api/payouts', async (route) => {
        if (route.request().method() !== 'POST' || !isFirst) return route.continue();
        isFirst = false;
        await route.fetch();
        await route.abort('connectionreset');
      });
      await page.goto(`${baseUrl}/payouts?modal=payout`);
      const dialog = page.getByRole('dialog', { name: 'Payout' });
      const amount = dialog.getByLabel('Amount in kwacha');
      await expect.poll(() => amount.inputValue()).toBe('40');
      await amount.fill('20');
      await dialog.getByRole('button', { name: 'Pay out K20' }).click();
      await dialog
        .getByRole('status')
        .getByText('We did not hear back about this payout.', { exact: false })
        .waitFor();
      // Nothing can be changed that would make it another payout.
      expect(await amount.isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Try again' }).click();
      await dialog
        .getByRole('status')
        .getByText('Paid', { exact: true })
        .waitFor({ timeout: OUTCOME_TIMEOUT });
      expect(sent).toHaveLength(2);
      expect(sent[1]?.payoutId).toBe(sent[0]?.payoutId);

      const answer = await callApi(creator, '/api/payouts', 'GET');
      const { payouts } = (await answer.json()) as { payouts: { payoutId: string; amount: number }[] };
      expect(payouts.filter(({ payoutId }) => payoutId === sent[0]?.payoutId)).toHaveLength(1);
      expect(payouts.map(({ amount: each }) => each)).toEqual([2_000, 4_000, 5_000]);
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await expectAmounts(page, { available: 'K20', paidOut: 'K70', onItsWay: 'K0' });
      expect(problems.filter((problem) => !problem.includes('/api/payouts'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the payouts page', () => {
  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
  ] as const)(
    'has the chart with its table of the same figures, at 360 px in %s mode',
    async (_name, colorScheme) => {
      const { page, context, problems } = await openPageAs(browser, creator, {
        viewport: PHONE,
        colorScheme,
      });
      try {
        await page.goto(`${baseUrl}/payouts`);
        const main = page.getByRole('main');
        const analytics = main.getByRole('region', { name: 'Analytics' });
        await analytics.getByText('K90 earned in the last 30 days, from 1 purchase.').waitFor();
        // The table is there for screen readers before it is shown, with every day of the range.
        const table = analytics.getByRole('table', {
          name: 'Earnings and followers by day, the last 30 days',
        });
        expect(await table.locator('tbody tr').count()).toBe(30);
        const today = table.locator('tbody tr').last();
        expect(await today.locator('td').allTextContents()).toEqual(['K90', 'K0', 'K0', 'K0', 'K90', '0']);
        const columns = await table.locator('thead th').allTextContents();
        expect(columns).toEqual(['Day', 'Earned', 'Passes', 'Unlocks', 'Tips', 'Support', 'Followers']);
        expect(await findLayoutProblems(page)).toEqual([]);
        await analytics.getByRole('button', { name: 'Show the figures as a table' }).click();
        expect(await table.isVisible()).toBe(true);
        await analytics.getByRole('list').filter({ hasText: 'Support' }).getByText('K90 (100%)').waitFor();

        await analytics.getByRole('radio', { name: '7 days' }).check();
        await analytics.getByText('K90 earned in the last 7 days, from 1 purchase.').waitFor();
        await expect
          .poll(() =>
            analytics
              .getByRole('table', { name: 'Earnings and followers by day, the last 7 days' })
              .locator('tbody tr')
              .count(),
          )
          .toBe(7);

        expect(await findLayoutProblems(page)).toEqual([]);
        expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('turns auto-payout on by keyboard, kept by the server', async () => {
    const { page, context } = await openPageAs(browser, creator, { viewport: PHONE });
    try {
      await page.goto(`${baseUrl}/payouts`);
      const autoPayout = page.getByRole('switch', { name: 'Pay out automatically' });
      await autoPayout.waitFor();
      expect(await autoPayout.getAttribute('aria-checked')).toBe('false');
      await autoPayout.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => autoPayout.getAttribute('aria-checked')).toBe('true');
      await expect
        .poll(async () => {
          const answer = await callApi(creator, '/api/earnings', 'GET');
          return ((await answer.json()) as { autoPayout: { enabled: boolean } }).autoPayout.enabled;
        })
        .toBe(true);
      await page.reload();
      await expect.poll(() => autoPayout.getAttribute('aria-checked')).toBe('true');
      await autoPayout.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => autoPayout.getAttribute('aria-checked')).toBe('false');
    } finally {
      await context.close();
    }
  });

  it('asks a visitor to sign in, tells a fan it is for creators, and is in the creator’s page options', async () => {
    for (const [account, answer] of [
      [null, 'Sign in to continue'],
      [fan, 'For creators'],
    ] as const) {
      const { page, context } = await openPageAs(browser, account);
      try {
        await page.goto(`${baseUrl}/payouts`);
        await page.getByRole('heading', { name: answer, level: 1 }).waitFor();
        expect(await page.getByRole('button', { name: 'Payout', exact: true }).count()).toBe(0);
      } finally {
        await context.close();
      }
    }
    const { page, context } = await openPageAs(browser, creator);
    try {
      await page.goto(`${baseUrl}/${creator.username}`);
      await page.getByRole('main').getByRole('button', { name: 'Page options' }).click();
      await page.getByRole('menuitem', { name: 'Payout' }).click();
      await page.waitForURL(`${baseUrl}/payouts`);
      await page.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });
});

/** The same account in a browser that never answered the security question: its session cookie alone. */
function withoutSecurityCheck(account: Account): Account {
  const cookies = new Map(account.cookies);
  cookies.delete('security_check');
  return { ...account, cookies };
}

/** A creator whose fans' support earned them K90, paid out from `numbers` (saved while checked). */
async function createEarningCreator(name: string, username: string, numbers: string[]) {
  const earner = await createAccount(name, username, { name: 'creator', cartegory: 'music artist' });
  for (const phone of numbers) {
    const saved = await callApi(earner, '/api/payment-methods/mobile-money', 'POST', { phone });
    expect(saved.status).toBeLessThan(300);
  }
  const supporter = await createAccount(`${name} Fan`, `${username}fan`, { name: 'fan' });
  await fundWallet(supporter);
  const support = await callApi(supporter, '/api/purchases', 'POST', {
    purchaseId: randomUUID(),
    kind: 'support',
    creator: earner.username,
    amount: 10_000,
  });
  expect(support.status).toBe(201);
  return earner;
}

async function answerSecurityCheck(page: Page) {
  const check = page.getByRole('dialog', { name: 'Security check' });
  await check.getByLabel(SECURITY_QUESTION.question).fill(SECURITY_QUESTION.answer);
  expect(await findLayoutProblems(page)).toEqual([]);
  await check.getByRole('button', { name: 'Continue' }).click();
  await check.waitFor({ state: 'detached' });
}

describe('the second step before money goes out', () => {
  it('asks the security question when a payout needs it, then sends that payout under the same id (phone)', async () => {
    const earner = await createEarningCreator('Natasha Checked Payout', 'natashacheckpay', [
      COMPLETING_NUMBER,
    ]);
    const { page, context, problems } = await openPageAs(browser, withoutSecurityCheck(earner), {
      viewport: PHONE,
    });
    try {
      const sent = recordPayoutRequests(page);
      await page.goto(`${baseUrl}/payouts`);
      await page.getByRole('main').getByRole('button', { name: 'Payout', exact: true }).click();
      let dialog = page.getByRole('dialog', { name: 'Payout' });
      await dialog.getByLabel('Amount in kwacha').fill('30');
      await dialog.getByRole('button', { name: 'Pay out K30' }).click();

      await answerSecurityCheck(page);

      // Back on the form as it was, and the payout goes on by itself.
      dialog = page.getByRole('dialog', { name: 'Payout' });
      const status = dialog.getByRole('status');
      await status.getByText('Paid', { exact: true }).waitFor({ timeout: OUTCOME_TIMEOUT });
      await status.getByText('K30 was sent to MTN +260 76 345 6789.').waitFor();
      expect(sent).toHaveLength(2);
      expect(sent[1]).toEqual(sent[0]);
      expect(await findLayoutProblems(page)).toEqual([]);
      expect(problems.filter((problem) => !problem.includes('403'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('saves a number typed in the payout form when asked to (desktop)', async () => {
    const earner = await createEarningCreator('Mutale Typed Number', 'mutaletypednumber', [
      COMPLETING_NUMBER,
    ]);
    const { page, context, problems } = await openPageAs(browser, earner);
    try {
      await page.goto(`${baseUrl}/payouts`);
      await page.getByRole('main').getByRole('button', { name: 'Payout', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Payout' });
      await dialog.getByLabel('Amount in kwacha').fill('20');
      await dialog.getByRole('radio', { name: 'Another number' }).check();
      await dialog.getByLabel('Mobile money number').fill('0761234567');
      await dialog.getByRole('checkbox', { name: 'Save this number for payouts' }).check();
      expect(await findLayoutProblems(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Pay out K20' }).click();
      await dialog
        .getByRole('status')
        .getByText('Paid', { exact: true })
        .waitFor({ timeout: OUTCOME_TIMEOUT });
      await expect
        .poll(async () => {
          const methods = await (await callApi(earner, '/api/payment-methods', 'GET')).json();
          return (methods as { mobileMoney: { phone: string }[] }).mobileMoney.map((method) => method.phone);
        })
        .toContain('260761234567');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('asks for a number when auto-payout is switched on without one, saves it after the security question, and turns it on', async () => {
    const earner = await createEarningCreator('Chanda No Number', 'chandanonumber', []);
    const { page, context, problems } = await openPageAs(browser, withoutSecurityCheck(earner));
    try {
      await page.goto(`${baseUrl}/payouts`);
      const autoPayout = page.getByRole('switch', { name: 'Pay out automatically' });
      await autoPayout.click();
      const form = page.getByRole('form', { name: 'Number to be paid to' });
      await form.getByText('Save one to turn it on.', { exact: false }).waitFor();
      expect(await autoPayout.getAttribute('aria-checked')).toBe('false');
      await form.getByLabel('Mobile money number').fill(COMPLETING_NUMBER);
      expect(await findLayoutProblems(page)).toEqual([]);
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
      // And on a phone.
      await page.setViewportSize(PHONE);
      expect(await findLayoutProblems(page)).toEqual([]);
      await form.getByRole('button', { name: 'Save and turn on' }).click();

      await answerSecurityCheck(page);

      await expect.poll(() => autoPayout.getAttribute('aria-checked')).toBe('true');
      await form.waitFor({ state: 'detached' });
      const earnings = await (await callApi(earner, '/api/earnings', 'GET')).json();
      expect(earnings.autoPayout.enabled).toBe(true);
      const methods = await (await callApi(earner, '/api/payment-methods', 'GET')).json();
      expect(methods.mobileMoney).toMatchObject([{ phone: '260763456789', preffered: true }]);
      expect(problems.filter((problem) => !problem.includes('403'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
