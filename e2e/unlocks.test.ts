import { WALLET_MESSAGES } from '@stagepass/contract/wallet';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, callApi, createAccount, openPageAs } from './support/accounts.ts';
import { findSeriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser, PHONE } from './support/browser.ts';
import { fundWallet } from './support/wallet.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let creator: Account;
let fan: Account;

// The payment sandbox completes a deposit from a number ending in 789 3 seconds after ACCEPTED.
const COMPLETING_NUMBER = '0763456789';
const FULL_TEXT =
  'The story behind the song: where it was written, who played on it, and the verse we left out of the record.';

beforeAll(async () => {
  browser = await launchBrowser();
  creator = await createAccount('Mutale Banda', 'mutalebanda', {
    name: 'creator',
    cartegory: 'music artist',
  });
  fan = await createAccount('Chanda Fan', 'chandafan', { name: 'fan' });
});
afterAll(async () => {
  await browser?.close();
});

describe('unlocking a pay-to-unlock post', () => {
  it('lets a fan with K0 unlock a post by mobile money in one modal, and shows it in full at once', async () => {
    const created = await callApi(creator, '/api/post/create', 'POST', {
      type: 'text',
      description: FULL_TEXT,
      visibility: 'pay-to-unlock',
      price: 750,
    });
    expect(created.status).toBe(201);
    const { postId } = ((await created.json()) as { newPost: { postId: string } }).newPost;

    const { page, context, problems } = await openPageAs(browser, fan, { viewport: PHONE });
    try {
      await page.goto(`${baseUrl}/feed/${postId}`);
      // By tag: while the dialog is open, the page behind it is aria-hidden.
      const main = page.locator('main');
      await main.getByText('Unlock for K7.50').waitFor();
      // A teaser, not the text that is sold.
      expect(await main.getByText(FULL_TEXT).count()).toBe(0);
      await main.getByRole('button', { name: 'Unlock', exact: true }).click();

      await page.getByRole('dialog', { name: 'Unlock exclusive content' }).waitFor();
      // Its title becomes the outcome's, as the Topup panel's does.
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('checkout-topup').filter({ hasText: 'K7.50' }).waitFor();
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
      await dialog.getByLabel('Mobile money number').fill(COMPLETING_NUMBER);
      await dialog.getByRole('button', { name: 'Top up K7.50 and pay' }).click();
      await dialog.getByText(WALLET_MESSAGES.promptSent).waitFor();
      await dialog.getByText(WALLET_MESSAGES.completed).first().waitFor({ timeout: 30_000 });
      const completedAt = Date.now();

      // Behind the modal, without a reload, within a second of completing.
      await main.getByText(FULL_TEXT).waitFor({ timeout: 1000 });
      expect(Date.now() - completedAt).toBeLessThan(1000);
      await dialog.getByText('Close', { exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await main.getByText('Unlock for K7.50').count()).toBe(0);
      await main.getByText('Unlocked', { exact: true }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }

    // Its author sees which of their posts is paid, and its price.
    const author = await openPageAs(browser, creator, { viewport: PHONE });
    try {
      await author.page.goto(`${baseUrl}/feed/${postId}`);
      await author.page.locator('main').getByText('Pay to unlock · K7.50').waitFor();
    } finally {
      await author.context.close();
    }
  });

  it('charges a price changed after the modal opened only once the fan confirms the new one', async () => {
    const created = await callApi(creator, '/api/post/create', 'POST', {
      type: 'text',
      description: 'Rehearsal notes for the Lusaka show',
      visibility: 'pay-to-unlock',
      price: 500,
    });
    const { postId } = ((await created.json()) as { newPost: { postId: string } }).newPost;
    const buyer = await createAccount('Bwalya Mulenga', 'bwalyamulenga', { name: 'fan' });
    await fundWallet(buyer);
    const { page, context, problems } = await openPageAs(browser, buyer, { viewport: PHONE });
    try {
      await page.goto(`${baseUrl}/feed/${postId}?modal=unlock-exclusive-content/${postId}`);
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Pay K5' }).waitFor();

      // The creator raises the price while the fan looks at the old one.
      const raised = await callApi(creator, `/api/post/update/${postId}`, 'PUT', {
        target: 'post',
        update: { price: 900 },
      });
      expect(raised.status).toBe(200);
      await dialog.getByRole('button', { name: 'Pay K5' }).click();
      await dialog.getByRole('status').getByText('The price is now K9. Confirm to pay it.').waitFor();
      expect(await readPurchases(buyer)).toEqual([]);

      await dialog.getByRole('button', { name: 'Pay K9' }).click();
      await dialog.getByRole('status').getByText(WALLET_MESSAGES.completed).waitFor();
      expect(await readPurchases(buyer)).toEqual([{ amount: 900, status: 'completed' }]);
      // The refused first press is the one error the browser logs (409 PRICE_CHANGED).
      expect(problems.filter((problem) => !problem.includes('status of 409'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

async function readPurchases(account: Account) {
  const answer = await callApi(account, '/api/purchases', 'GET');
  const { purchases } = (await answer.json()) as { purchases: { amount: number; status: string }[] };
  return purchases.map(({ amount, status }) => ({ amount, status }));
}
