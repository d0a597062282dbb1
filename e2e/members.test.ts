import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, callApi, createAccount, openPageAs } from './support/accounts.ts';
import { findSeriousAccessibilityViolations } from './support/axe.ts';
import { DESKTOP, launchBrowser, PHONE } from './support/browser.ts';
import { findLayoutProblems } from './support/layout-check.ts';
import { fundWallet } from './support/wallet.ts';

// Support with a message and the creator's Members page (issue 24, point 20).

const baseUrl = inject('baseUrl');
let browser: Browser;
let creator: Account;
let fan: Account;
const MESSAGE = 'Keep the songs coming! 🎶';

beforeAll(async () => {
  browser = await launchBrowser();
  creator = await createAccount('Thandiwe Phiri', 'thandiwephiri', {
    name: 'creator',
    cartegory: 'music artist',
  });
  fan = await createAccount('Chileshe Ngoma', 'chileshengoma', { name: 'fan' });
  const profile = await callApi(creator, '/api/users/profile', 'PUT', {
    name: creator.name,
    username: creator.username,
    gender: 'female',
    country: 'ZM',
    cartegory: 'music artist',
    bio: '',
    birthday: null,
    about: '',
    imagePublicId: null,
    phone: null,
  });
  expect(profile.status).toBe(200);
  const priced = await callApi(creator, '/api/users/pricing', 'PUT', { period: 'monthly', price: 3_000 });
  expect(priced.status).toBe(200);
  await fundWallet(fan);
});
afterAll(async () => {
  await browser?.close();
});

describe('support with a message', () => {
  it('names the creator with her pronoun, refuses a message too long, and sends one at 360 px', async () => {
    const { page, context, problems } = await openPageAs(browser, fan, { viewport: PHONE });
    try {
      await page.goto(`${baseUrl}/${creator.username}?modal=support-creator/${creator.username}`);
      const dialog = page.getByRole('dialog', { name: 'Support this creator' });
      await dialog.getByText('Support Thandiwe Phiri and her work').waitFor();
      await dialog.getByText('add a message for her if you like').waitFor();
      expect(await dialog.textContent()).not.toContain(creator.username);

      await dialog.getByRole('button', { name: 'K20' }).click();
      const message = dialog.getByRole('textbox', { name: 'Message (optional)' });
      await message.fill('a'.repeat(281));
      await dialog.getByText('281/280').waitFor();
      await dialog.getByRole('button', { name: 'Send K20' }).click();
      await dialog.getByText('Keep the message to 280 characters.').waitFor();

      await message.fill(MESSAGE);
      await dialog.getByText(`${[...MESSAGE].length}/280`).waitFor();
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
    expect(purchases.filter((purchase) => purchase.kind === 'support')).toHaveLength(1);
  });
});

describe("the creator's members and supporters", () => {
  beforeAll(async () => {
    // The fan also holds a monthly pass and renews it.
    const pass = await callApi(fan, '/api/purchases', 'POST', {
      purchaseId: randomUUID(),
      kind: 'pass',
      creator: creator.username,
      period: 'monthly',
    });
    expect(pass.status).toBe(201);
    const renew = await callApi(fan, `/api/passes/${creator.username}/auto-renew`, 'PUT', { enabled: true });
    expect(renew.status).toBe(200);
  });

  it.each([
    ['phone, light', PHONE, 'light'],
    ['desktop, dark', DESKTOP, 'dark'],
  ] as const)('reads who pays and the message, and hides it (%s)', async (_name, viewport, colorScheme) => {
    const { page, context, problems } = await openPageAs(browser, creator, { viewport, colorScheme });
    try {
      await page.goto(`${baseUrl}/payouts`);
      await page.getByRole('link', { name: 'Members and supporters' }).click();
      await page.waitForURL(`${baseUrl}/members`);
      await page.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
      await page.getByText('1 active member').waitFor();

      const members = page.getByRole('list', { name: 'Members' });
      const member = members.getByRole('article', { name: fan.name });
      await member.getByText(/^Monthly pass · member since /).waitFor();
      await member.getByText(/^Renews /).waitFor();
      await member.getByText('Active').waitFor();
      await member.getByText('Spent K50 in all').waitFor();
      await member.getByText('passes K30 · support K20').waitFor();

      const supporters = page.getByRole('list', { name: 'Supporters' });
      const support = supporters.getByRole('listitem').filter({ hasText: fan.name });
      await support.getByText('you earned K18').waitFor();
      await support.getByText(MESSAGE).waitFor();
      expect(await findLayoutProblems(page)).toEqual([]);
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);

      await support.getByRole('button', { name: `Hide message from ${fan.name}` }).click();
      await support.getByText('Message hidden').waitFor();
      expect(await support.getByText(MESSAGE).count()).toBe(0);
      await support.getByRole('button', { name: `Show message from ${fan.name}` }).click();
      await support.getByText(MESSAGE).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('is reached from the account menu and shows empty lists to a new creator, and Try again after a failure', async () => {
    const newcomer = await createAccount('Bupe Kasonde', 'bupekasonde', {
      name: 'creator',
      cartegory: 'comedian',
    });
    const { page, context } = await openPageAs(browser, newcomer, { viewport: PHONE });
    try {
      let isFailing = true;
      await page.route('**/api/creator/members**', (route) =>
        isFailing ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
      );
      await page.goto(`${baseUrl}/creators/featured`);
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Members and supporters' }).click();
      await page.waitForURL(`${baseUrl}/members`);

      await page.getByText('Your members could not be loaded.').waitFor({ timeout: 15_000 });
      isFailing = false;
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByText('No members yet').waitFor();
      await page.getByText('0 active members').waitFor();
      await page.getByText('No support yet').waitFor();
      expect(await findLayoutProblems(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('is not offered to a fan', async () => {
    const { page, context } = await openPageAs(browser, fan, { viewport: DESKTOP });
    try {
      await page.goto(`${baseUrl}/creators/featured`);
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Your passes' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Members and supporters' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
