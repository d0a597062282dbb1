import { CARD_TOPUP_MESSAGES } from '@stagepass/contract/card-topups';
import { WALLET_MESSAGES } from '@stagepass/contract/wallet';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, callApi, createAccount, openPageAs } from './support/accounts.ts';
import { launchBrowser, PHONE } from './support/browser.ts';
import { findLayoutProblems } from './support/layout-check.ts';

const baseUrl = inject('baseUrl');
const FUTURE_YEAR = String((new Date().getFullYear() + 4) % 100).padStart(2, '0');
// The card sandbox decides by the number, as common sandboxes do.
const SUCCEEDS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const ASKS_FOR_3DS = '4000 0027 6000 3184';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Saves a card as the Add a Card modal does: the sandbox's tokeniser gets the number, our API the token. */
async function saveCard(account: Account, cardNumber: string) {
  const tokenized = await callApi(null, '/sandbox/cards/tokens', 'POST', {
    cardNumber,
    expires: `12/${FUTURE_YEAR}`,
    cvc: '123',
  });
  expect(tokenized.status).toBe(200);
  const { token } = (await tokenized.json()) as { token: string };
  const saved = await callApi(account, '/api/payment-methods/cards', 'POST', { token });
  expect(saved.status).toBe(201);
}

describe('paying by card', () => {
  it("tops up from the Topup panel through the bank's 3-D Secure page and back (phone, dark)", async () => {
    const fan = await createAccount('Natasha Chileshe', 'natashachileshe', { name: 'fan' });
    await saveCard(fan, ASKS_FOR_3DS);
    const { page, context, problems } = await openPageAs(browser, fan, {
      viewport: PHONE,
      colorScheme: 'dark',
    });
    try {
      await page.goto(`${baseUrl}/wallet?modal=topup/20`);
      const dialog = page.getByRole('dialog');
      const card = dialog.getByRole('radio', { name: /Visa •••• 3184/ });
      await card.waitFor();
      expect(await card.isChecked()).toBe(true);
      await dialog.getByRole('button', { name: 'Pay' }).click();

      // The bank's page: the amount, Approve and Refuse, fitting the phone.
      await page.waitForURL(/\/sandbox\/cards\/challenges\//);
      await page.getByRole('heading', { name: 'Confirm your payment' }).waitFor();
      await page.getByText('K20').first().waitFor();
      expect(await findLayoutProblems(page)).toEqual([]);
      await page.getByRole('button', { name: 'Approve' }).click();

      // Back in the panel it left from, which reads the outcome.
      await page.waitForURL(/\/wallet\?modal=topup/);
      await page.getByRole('dialog').getByRole('status').getByText(WALLET_MESSAGES.completed).waitFor();
      await page.getByTestId('topup-balance').getByText('K20').waitFor();
      expect(page.url()).not.toContain('cardTopup');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("pays a tip's shortfall by card in the checkout: a declined card says so, another card pays", async () => {
    const creator = await createAccount('Chilufya Mulenga', 'chilufyamulenga', {
      name: 'creator',
      cartegory: 'music artist',
    });
    const created = await callApi(creator, '/api/post/create', 'POST', {
      type: 'text',
      description: 'Studio day',
    });
    const { postId } = ((await created.json()) as { newPost: { postId: string } }).newPost;
    const fan = await createAccount('Mwila Tembo', 'mwilatembo', { name: 'fan' });
    await saveCard(fan, DECLINED);
    await saveCard(fan, SUCCEEDS);
    const { page, context, problems } = await openPageAs(browser, fan, { viewport: PHONE });
    try {
      await page.goto(`${baseUrl}/feed/${postId}/send-tip/Clap/5`);
      const checkout = page.getByRole('form', { name: 'Send a tip' });
      await checkout.getByText('by mobile money or card').waitFor();
      await checkout.getByRole('radio', { name: /Visa •••• 0002/ }).check();
      await checkout.getByRole('button', { name: 'Top up K5 and pay' }).click();
      await checkout.getByRole('status').getByText(WALLET_MESSAGES.failed).waitFor();
      await checkout.getByRole('status').getByText(CARD_TOPUP_MESSAGES.declined, { exact: false }).waitFor();

      await checkout.getByRole('button', { name: WALLET_MESSAGES.tryAgain }).click();
      await checkout.getByRole('radio', { name: /Visa •••• 4242/ }).check();
      await checkout.getByRole('button', { name: 'Top up K5 and pay' }).click();
      await page.waitForURL(`${baseUrl}/feed/${postId}`);
      await page.getByText(/^Newest tips: Clap\./).waitFor({ state: 'attached' });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('unlocks a post by a card that asks for 3-D Secure: the checkout picks up where it was on return', async () => {
    const creator = await createAccount('Taonga Banda', 'taongabanda', {
      name: 'creator',
      cartegory: 'music artist',
    });
    const secret = 'The chords of the new single, bar by bar.';
    const created = await callApi(creator, '/api/post/create', 'POST', {
      type: 'text',
      description: secret,
      visibility: 'pay-to-unlock',
      price: 300,
    });
    const { postId } = ((await created.json()) as { newPost: { postId: string } }).newPost;
    const fan = await createAccount('Mapalo Zulu', 'mapalozulu', { name: 'fan' });
    await saveCard(fan, ASKS_FOR_3DS);
    const { page, context, problems } = await openPageAs(browser, fan, { viewport: PHONE });
    try {
      await page.goto(`${baseUrl}/feed/${postId}?modal=unlock-exclusive-content/${postId}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Top up K3 and pay' }).click();
      await page.waitForURL(/\/sandbox\/cards\/challenges\//);
      await page.getByRole('button', { name: 'Approve' }).click();

      await page.waitForURL(/modal=unlock-exclusive-content/);
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('status').getByText(WALLET_MESSAGES.completed).waitFor();
      await page.locator('main').getByText(secret).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
