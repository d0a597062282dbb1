import { randomUUID } from 'node:crypto';
import { WALLET_MESSAGES } from '@stagepass/contract/wallet';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, callApi, createAccount, openPageAs } from './support/accounts.ts';
import { publishTrack } from './support/audio.ts';
import { findSeriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser, PHONE } from './support/browser.ts';
import { findLayoutProblems } from './support/layout-check.ts';
import { fundWallet } from './support/wallet.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let creator: Account;
let fan: Account;

// The pawaPay sandbox completes a number ending in 789 about 3 seconds after ACCEPTED.
const COMPLETING_NUMBER = '0763456789';
const OUTCOME_TIMEOUT = 30_000;

beforeAll(async () => {
  browser = await launchBrowser();
  creator = await createAccount('Natasha Mulenga', 'natashamulenga', {
    name: 'creator',
    cartegory: 'podcaster',
  });
  fan = await createAccount('Kondwani Daka', 'kondwanidaka', { name: 'fan' });
});
afterAll(async () => {
  await browser?.close();
});

describe('passes', () => {
  it("a creator sets a weekly price within the bounds, and a fan joins from the profile, topping up the shortfall, and sees 'Pass holder' with its expiry", async () => {
    const creatorPage = await openPageAs(browser, creator);
    try {
      const { page } = creatorPage;
      await page.goto(`${baseUrl}/${creator.username}`);
      await page.getByRole('button', { name: 'Set pricing' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Set pricing' }).waitFor();
      await dialog.getByRole('radio', { name: 'Weekly' }).check();
      // The spec's bounds text, from the server's default bounds for a week.
      await dialog.getByText('Set between k5 - k5,000').first().waitFor();
      await dialog.getByLabel('Price (K)').fill('4');
      await dialog.getByRole('button', { name: 'Save price' }).click();
      await dialog.locator('.field__error').getByText('Set between k5 - k5,000').waitFor();
      await dialog.getByLabel('Price (K)').fill('25');
      await dialog.getByRole('button', { name: 'Save price' }).click();
      await dialog.getByRole('status').getByText('Saved. Weekly pass: K25 / week').waitFor();
      await dialog.getByRole('listitem').getByText('K25 / week').waitFor();
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
      expect(creatorPage.problems).toEqual([]);
    } finally {
      await creatorPage.context.close();
    }

    const fanPage = await openPageAs(browser, fan);
    try {
      const { page } = fanPage;
      await page.goto(`${baseUrl}/${creator.username}`);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Join K25 / week' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Join to unlock' }).waitFor();
      expect(page.url()).toContain('modal=join-to-unlock');
      // An empty wallet: the whole price is short, to be paid by mobile money.
      await dialog.getByTestId('checkout-topup').filter({ hasText: /^K25$/ }).waitFor();
      await dialog.getByLabel('Mobile money number').fill(COMPLETING_NUMBER);
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Top up K25 and pay' }).click();
      await dialog.getByRole('status').getByText(WALLET_MESSAGES.promptSent).waitFor();
      await dialog
        .getByRole('status')
        .getByText(WALLET_MESSAGES.completed)
        .waitFor({ timeout: OUTCOME_TIMEOUT });

      // The profile behind the dialog (hidden from assistive tech while it is open) says so at
      // once, with the expiry a week on.
      const subscribed = page.getByTestId('profile-subscribed');
      await subscribed.getByText('Pass holder').waitFor();
      const inAWeek = new Date(Date.now() + 7 * 86_400_000).toLocaleString('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      });
      expect(await subscribed.textContent()).toContain(inAWeek);
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await dialog.waitFor({ state: 'detached' });
      await main.getByRole('button', { name: 'Extend pass K25 / week' }).waitFor();
      // Follow, Join, Support and the options fit one row of a phone.
      await page.setViewportSize(PHONE);
      await main.getByRole('button', { name: 'Support' }).waitFor();
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
      const row = await main.locator('.profile-actions').boundingBox();
      expect(row?.height).toBeLessThan(60);
      // And every label whole: 'Extend' on a phone, not 'xtend pas' spilling over Support.
      expect(await findLayoutProblems(page)).toEqual([]);
      expect(fanPage.problems).toEqual([]);
    } finally {
      await fanPage.context.close();
    }
  });

  it('a pass holder copies a private podcast feed from the passes page, and a podcast app (no cookies) plays its tracks', async () => {
    const host = await createAccount('Sepo Nalumango', 'seponalumango', {
      name: 'creator',
      cartegory: 'podcaster',
    });
    const listener = await createAccount('Inonge Mwiya', 'inongemwiya', { name: 'fan' });
    const priced = await callApi(host, '/api/users/pricing', 'PUT', { period: 'monthly', price: 3_000 });
    expect(priced.status).toBe(200);
    const track = await publishTrack(host, {
      title: 'Episode 1: Markets & more',
      genre: 'Talk and interviews',
      visibility: 'subscribers',
      seconds: 8,
    });
    await fundWallet(listener);
    const bought = await callApi(listener, '/api/purchases', 'POST', {
      purchaseId: randomUUID(),
      kind: 'pass',
      creator: host.username,
      period: 'monthly',
    });
    expect(bought.status, await bought.clone().text()).toBe(201);

    const fanPage = await openPageAs(browser, listener, { viewport: PHONE });
    try {
      const { page } = fanPage;
      await page.goto(`${baseUrl}/passes`);
      await page.getByRole('button', { name: 'Podcast feed' }).click();
      const field = page.getByLabel('Private podcast feed of Sepo Nalumango');
      await field.focus();
      const feedUrl = await field.inputValue();
      expect(feedUrl).toMatch(/\/api\/audio\/podcast-feed\/[A-Za-z0-9_-]{40,}$/);
      await page.getByText('It is yours alone and stops working when your pass ends.').waitFor();
      expect(await findLayoutProblems(page)).toEqual([]);
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
      expect(fanPage.problems).toEqual([]);

      // A podcast app: no session, only the address.
      const rss = await fetch(feedUrl);
      expect(rss.headers.get('content-type')).toContain('application/rss+xml');
      const xml = await rss.text();
      expect(xml).toContain('<title>Episode 1: Markets &amp; more</title>');
      const enclosure = /<enclosure url="([^"]+)"/.exec(xml)?.[1]?.replaceAll('&amp;', '&');
      expect(enclosure).toContain(track.audio_asset.public_id);
      const file = await fetch(enclosure!, { headers: { range: 'bytes=0-1023' } });
      expect(file.status).toBe(206);
      expect(file.headers.get('content-type')).toBe('audio/mp4');
    } finally {
      await fanPage.context.close();
    }
  });
});
