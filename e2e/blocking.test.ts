import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, callApi, createAccount, openPageAs } from './support/accounts.ts';
import { findSeriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser, PHONE } from './support/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

let creator: Account;
let otherCreator: Account;
let fan: Account;
const postText = 'Rehearsal tonight at the Lusaka Playhouse, new songs only.';

beforeAll(async () => {
  browser = await launchBrowser();
  creator = await createAccount('Mapalo Banda', 'mapalobanda', {
    name: 'creator',
    cartegory: 'music artist',
  });
  // A long name: the blocked-accounts row must wrap it on a phone, not overflow.
  otherCreator = await createAccount('Chilufya Mwansa-Kapembwa Tembo', 'chilufyamwansakapembwa', {
    name: 'creator',
    cartegory: 'podcaster',
  });
  fan = await createAccount('Kabwe Fan', 'kabwefan', { name: 'fan' });
  const post = await callApi(creator, '/api/post/create', 'POST', { type: 'text', description: postText });
  expect(post.status).toBe(201);
  expect((await callApi(fan, `/api/users/${creator.username}/follow`, 'POST', {})).status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

/** Types into the top bar's search and waits for the server's suggestions for it. */
async function searchCreators(page: Page, text: string) {
  const box = page.getByRole('combobox', { name: 'Search for creators' });
  await box.fill('');
  const answered = page.waitForResponse(
    (response) => response.url().includes('/api/creators?') && response.url().includes(`q=${text}`),
  );
  await box.fill(text);
  await answered;
  return page.getByRole('listbox', { name: 'Creator suggestions' });
}

describe('blocking a creator, and unblocking in settings', () => {
  it('hides the creator at once with a blocked toast, and Unblock in settings shows them again', async () => {
    const { page, context } = await openPageAs(browser, fan);
    try {
      const main = page.getByRole('main');
      await page.goto(`${baseUrl}/feed`);
      await main.getByText(postText).waitFor();
      // To the creator's page inside the app, so the feed stays in the client's cache.
      await main.getByRole('link', { name: 'Mapalo Banda' }).first().click();
      await main.getByRole('heading', { level: 1, name: 'Mapalo Banda' }).waitFor();
      await main.getByText(postText).waitFor();

      await main.getByRole('button', { name: 'Profile options' }).click();
      await page.getByRole('menuitem', { name: 'Report or block' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report or block' });
      await dialog.getByRole('radio', { name: 'Block' }).check();
      await dialog.getByText('You can unblock it in Settings.').waitFor();
      await dialog.getByRole('radio', { name: 'Poor content' }).check();
      // From here the feed cannot be read again: only the client's caches can hide the post.
      await page.route('**/api/feed?*', (route) => route.abort());
      await dialog.getByRole('button', { name: 'Block', exact: true }).click();

      await page.getByText('Mapalo Banda has been blocked.').waitFor();
      expect(await page.getByText('Report submited!').count()).toBe(0);
      await page.waitForURL(`${baseUrl}/creators/all`);

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Following' }).click();
      await main.getByRole('heading', { level: 1, name: 'Following' }).waitFor();
      await main.getByText(/Nothing here yet\.|No posts to show right now\./).waitFor();
      expect(await main.getByText(postText).count()).toBe(0);
      await page.unroute('**/api/feed?*');

      // Search does not find the blocked creator either (this answer stays in the cache).
      const blockedSuggestions = await searchCreators(page, 'Mapalo');
      expect(await blockedSuggestions.getByRole('option', { name: /Mapalo Banda/ }).count()).toBe(0);
      await page.getByRole('combobox', { name: 'Search for creators' }).fill('');

      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'View Profile' })
        .click();
      await main.getByRole('link', { name: 'Settings' }).click();
      const section = page.getByRole('region', { name: 'Blocked accounts' });
      const row = section.getByRole('listitem', { name: 'Mapalo Banda' });
      await row.getByText(creator.username).waitFor();
      await row.getByRole('button', { name: 'Unblock Mapalo Banda' }).click();

      await page.getByText('Mapalo Banda has been unblocked.').waitFor();
      await row.waitFor({ state: 'detached' });
      await section.getByText('You have not blocked anyone.').waitFor();

      // The same search again, soon enough to be served from the cache unless Unblock refreshed it.
      await page.getByRole('combobox', { name: 'Search for creators' }).fill('Mapalo');
      await page
        .getByRole('listbox', { name: 'Creator suggestions' })
        .getByRole('option', { name: /Mapalo Banda/ })
        .click();
      await main.getByRole('heading', { level: 1, name: 'Mapalo Banda' }).waitFor();
      await main.getByText(postText).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('the Blocked accounts section', () => {
  const schemes = ['light', 'dark'] as const;

  beforeAll(async () => {
    for (const blocked of [creator, otherCreator]) {
      const response = await callApi(fan, `/api/users/${blocked.username}/report`, 'POST', {
        kind: 'block',
        reason: 'Other',
        text: 'Not for me',
      });
      expect(response.status).toBe(200);
    }
  });

  it.each(schemes)(
    'fits a 360 px phone, and its keyboard Unblock moves focus to the next row (%s)',
    async (colorScheme) => {
      const { page, context } = await openPageAs(browser, fan, { viewport: PHONE, colorScheme });
      try {
        await page.goto(`${baseUrl}/${fan.username}/settings`);
        const section = page.getByRole('region', { name: 'Blocked accounts' });
        const list = section.getByRole('list', { name: 'Blocked accounts' });
        await list.getByRole('listitem').nth(1).waitFor();
        await section.scrollIntoViewIfNeeded();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        for (const item of await section.locator('li, li *').all()) {
          const box = await item.boundingBox();
          if (!box) continue;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(360);
        }
        if (colorScheme === 'light') return;

        // Newest block first: the long name, then Mapalo Banda.
        const first = section.getByRole('button', { name: 'Unblock Chilufya Mwansa-Kapembwa Tembo' });
        await first.focus();
        await page.keyboard.press('Enter');
        await page.getByText('Chilufya Mwansa-Kapembwa Tembo has been unblocked.').waitFor();
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.textContent))
          .toBe('Unblock Mapalo Banda');
      } finally {
        await context.close();
      }
    },
  );

  it.each(schemes)('has no serious or critical axe violations (%s)', async (colorScheme) => {
    const { page, context } = await openPageAs(browser, fan, { colorScheme });
    try {
      await page.goto(`${baseUrl}/${fan.username}/settings`);
      await page
        .getByRole('region', { name: 'Blocked accounts' })
        .getByRole('button', { name: 'Unblock Mapalo Banda' })
        .waitFor();
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
