import { TIP_OPTIONS } from '@stagepass/contract/tips';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, callApi, createAccount, openPageAs } from './support/accounts.ts';
import { findSeriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser, PHONE } from './support/browser.ts';
import { findLayoutProblems } from './support/layout-check.ts';
import { fundWallet } from './support/wallet.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let creator: Account;
let fan: Account;
let postId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  creator = await createAccount('Mutinta Hamoonga', 'mutintahamoonga', {
    name: 'creator',
    cartegory: 'music artist',
  });
  fan = await createAccount('Kondwani Tembo', 'kondwanitembo', { name: 'fan' });
  const created = await callApi(creator, '/api/post/create', 'POST', {
    type: 'text',
    description: 'New single out on Friday',
  });
  expect(created.status).toBe(201);
  postId = ((await created.json()) as { newPost: { postId: string } }).newPost.postId;
  await fundWallet(fan);
});
afterAll(async () => {
  await browser?.close();
});

describe('tipping a post', () => {
  it('sends a named tip from the picker at 360 px over the profile, paid from the wallet, and the fan stays there', async () => {
    const tip = TIP_OPTIONS[1]!;
    const { page, context, problems } = await openPageAs(browser, fan, { viewport: PHONE });
    try {
      await page.goto(`${baseUrl}/${creator.username}`);
      await page.getByRole('button', { name: `Tip ${creator.name}` }).click();

      const picker = page.getByRole('dialog', { name: 'Send a tip' });
      await picker.getByRole('list', { name: 'Tips' }).waitFor();
      // A bottom sheet on a phone: pinned to the bottom edge, the screen's full width.
      await expect
        .poll(async () => {
          const box = await picker.boundingBox();
          return box && { width: box.width, bottom: Math.round(box.y + box.height) };
        })
        .toEqual({ width: PHONE.width, bottom: PHONE.height });
      for (const option of TIP_OPTIONS) {
        await picker.getByRole('link', { name: new RegExp(`^${option.name},`) }).waitFor();
      }
      expect(await findLayoutProblems(page)).toEqual([]);

      // The confirmation opens over the same page (the spec's complete-send-tip-action).
      await picker.getByRole('link', { name: new RegExp(`^${tip.name},`) }).click();
      const confirm = page.getByRole('dialog', { name: 'Send a tip' });
      await confirm.getByText(`${tip.name} · K${tip.amount / 100}`).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/${creator.username}`);
      expect(new URL(page.url()).searchParams.get('modal')).toBe(
        `complete-send-tip-action/${postId}:${tip.name}:${tip.amount / 100}`,
      );
      expect(await findLayoutProblems(page)).toEqual([]);
      await confirm.getByRole('button', { name: `Send K${tip.amount / 100} tip` }).click();

      // Sent: the dialog closes and the fan is still on the profile, with the tip on the post.
      await page.getByText(`You sent ${tip.emoji} ${tip.name} to ${creator.name}.`).waitFor();
      await confirm.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe(`/${creator.username}`);
      expect(new URL(page.url()).searchParams.has('modal')).toBe(false);
      await page.getByText('1 tip · K10').waitFor();
      await page.getByText(`Newest tips: ${tip.name}.`).waitFor({ state: 'attached' });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }

    const post = await callApi(null, `/api/post/fetch-post/${postId}`, 'GET');
    const { tips } = ((await post.json()) as { post: { tips: { name: string; amount: number }[] } }).post;
    expect(tips).toEqual([expect.objectContaining({ name: tip.name, amount: tip.amount })]);
  });

  it('shows and sends the tip that complete-send-tip-action names in a shared address, at 1280 px', async () => {
    // A name with a space, K150: the wallet gets another K100 first.
    const tip = TIP_OPTIONS.find((option) => option.name === 'Copper Crown')!;
    await fundWallet(fan);
    const { page, context, problems } = await openPageAs(browser, fan);
    try {
      const options = `${postId}:${encodeURIComponent(tip.name)}:${tip.amount / 100}`;
      await page.goto(`${baseUrl}/feed?modal=complete-send-tip-action/${options}`);
      const confirm = page.getByRole('dialog', { name: 'Send a tip' });
      await confirm.getByText(`${tip.name} · K${tip.amount / 100}`).waitFor();
      await confirm.getByText(`A tip to ${creator.name} for their post:`).waitFor();
      expect(await findLayoutProblems(page)).toEqual([]);
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: `Send K${tip.amount / 100} tip` }).click();
      await confirm.waitFor({ state: 'detached' });
      // Opened from an address, closing stays on that page without the modal.
      expect(new URL(page.url()).pathname).toBe('/feed');
      expect(new URL(page.url()).search).toBe('');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens the shortfall inline when the wallet is empty, and sends the tip once the top-up arrives', async () => {
    const tip = TIP_OPTIONS[0]!;
    const emptyFan = await createAccount('Luyando Mwanza', 'luyandomwanza', { name: 'fan' });
    const { page, context, problems } = await openPageAs(browser, emptyFan, { viewport: PHONE });
    try {
      await page.goto(
        `${baseUrl}/feed/${postId}/send-tip/${encodeURIComponent(tip.name)}/${tip.amount / 100}`,
      );
      // The wallet holds K0: the checkout offers the shortfall by mobile money at once.
      const checkout = page.getByRole('form', { name: 'Send a tip' });
      await checkout
        .getByTestId('checkout-topup')
        .filter({ hasText: `K${tip.amount / 100}` })
        .waitFor();
      await checkout.getByLabel('Mobile money number').fill('0763456789');
      expect(await findLayoutProblems(page)).toEqual([]);
      await checkout.getByRole('button', { name: `Top up K${tip.amount / 100} and pay` }).click();
      await checkout.getByText('Waiting for Transaction..').first().waitFor();

      // The sandbox completes the top-up after 3 seconds; the tip completes with it.
      await page.waitForURL(`${baseUrl}/feed/${postId}`, { timeout: 30_000 });
      // The newest tip comes first, whether or not the test above left one after it.
      await page.getByText(new RegExp(`^Newest tips: ${tip.name}[,.]`)).waitFor({ state: 'attached' });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('one-off support', () => {
  it("sends an amount of the fan's choice from the support-creator modal", async () => {
    const { page, context, problems } = await openPageAs(browser, fan, { viewport: PHONE });
    try {
      await page.goto(`${baseUrl}/${creator.username}?modal=support-creator/${creator.username}`);
      const dialog = page.getByRole('dialog', { name: 'Support this creator' });
      await dialog.getByRole('button', { name: 'K20' }).click();
      expect(await findLayoutProblems(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Send K20' }).click();
      await page.getByText(`You sent K20 to ${creator.name}.`).waitFor();
      await dialog.waitFor({ state: 'detached' });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
    const receipts = await callApi(fan, '/api/purchases', 'GET');
    const { purchases } = (await receipts.json()) as { purchases: { kind: string; amount: number }[] };
    expect(purchases[0]).toMatchObject({ kind: 'support', amount: 2_000 });
  });
});
