import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ModalName, modalAudiences } from '../web/src/app/modals/modal-audiences.ts';
import { type Account, createAccount, openPageAs } from './support/accounts.ts';
import { DESKTOP, launchBrowser, PHONE } from './support/browser.ts';
import { recordFailedRequests } from './support/failed-requests.ts';
import { findLayoutProblems } from './support/layout-check.ts';

// Issue 24, point 19: any address can name any modal with any options, and any page with
// any parameters. What cannot name anything gets a calm sentence, never a failed request or
// an error toast. The modals come from the app's own list, so a new one is walked here too.
const baseUrl = inject('baseUrl');
let browser: Browser;
let creator: Account;

// Options that no modal can read: nothing, and what a mangled link carries.
const BAD_OPTIONS = ['', '..%20audio:@'];

beforeAll(async () => {
  browser = await launchBrowser();
  creator = await createAccount('Thandiwe Zulu', 'thandiwezulu', {
    name: 'creator',
    cartegory: 'music artist',
  });
});
afterAll(async () => {
  await browser?.close();
});

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(100);
}

describe('a modal opened with options it cannot read', () => {
  it('says so calmly for every modal of the registry, with no failed request and no error toast', {
    timeout: 240_000,
  }, async () => {
    const { page, context } = await openPageAs(browser, creator, { viewport: PHONE });
    const failed = recordFailedRequests(page);
    try {
      const found: string[] = [];
      for (const name of Object.keys(modalAudiences) as ModalName[]) {
        for (const options of BAD_OPTIONS) {
          const modal = options ? `${name}/${options}` : name;
          const before = failed.length;
          await page.goto(`${baseUrl}/creators/featured?modal=${modal}`);
          const dialog = page.getByRole('dialog');
          await dialog.waitFor();
          await settle(page);
          // Something to read beyond the title: the modal itself, or why there is nothing.
          const text = (await dialog.innerText()).trim();
          if (text.split('\n').filter((line) => line.trim()).length < 2) found.push(`${modal}: says nothing`);
          if (await page.getByText('An error occured!').count()) found.push(`${modal}: an error toast`);
          // An alert is for what went wrong; headless Chromium has no camera for the recorder.
          const alerts = await dialog.getByRole('alert').allInnerTexts();
          const otherAlerts = alerts.filter((alert) => !alert.startsWith('The camera could not be opened.'));
          if (otherAlerts.length) found.push(`${modal}: an alert: ${otherAlerts.join(' ')}`);
          found.push(...failed.slice(before).map((request) => `${modal}: ${request}`));
        }
      }
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('names the unlock modal opened without a post, without asking for /api/post/fetch-post/ (1280 px)', async () => {
    const { page, context, problems } = await openPageAs(browser, creator, { viewport: DESKTOP });
    const failed = recordFailedRequests(page);
    const postReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/post/fetch-post/')) postReads.push(request.url());
    });
    try {
      await page.goto(`${baseUrl}/creators/featured?modal=unlock-exclusive-content`);
      await page.getByRole('dialog').getByText('Open Unlock from a locked post or track.').waitFor();
      // The home address sends to the featured creators, and the modal goes along.
      await page.goto(`${baseUrl}/?modal=unlock-exclusive-content`);
      await page.getByRole('dialog').getByText('Open Unlock from a locked post or track.').waitFor();
      expect(new URL(page.url()).pathname).toBe('/creators/featured');
      await page.goto(`${baseUrl}/creators/featured?modal=unlock-exclusive-content/not-a-post`);
      await page.getByRole('dialog').getByText('This post does not exist.').waitFor();
      await settle(page);
      expect(postReads).toEqual([]);
      // A tip the list does not have is said by the confirmation, before the post is read.
      await page.goto(`${baseUrl}/feed/AAAAAAAAAAAAAAAA/send-tip/Munkoyo/99`);
      await page.getByRole('heading', { name: 'Send a tip' }).waitFor();
      await page.getByRole('status').getByText('The Munkoyo tip is K10.').waitFor();
      await settle(page);
      expect(failed).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a page opened with parameters that cannot name anything', () => {
  const addresses = [
    { path: '/subscribe?profileId=..', says: 'This profile does not exist.' },
    { path: '/subscribe', says: 'This profile does not exist.' },
    { path: '/manage-membership/a%20b', says: 'This profile does not exist.' },
    { path: '/manage-membership/somebody?collection=audio&itemId=x', says: 'This track does not exist.' },
    {
      path: '/manage-membership/somebody?collection=shoes&itemId=1',
      says: 'This link names nothing to join or unlock.',
    },
    { path: '/feed/not-a-post', says: 'This post does not exist.' },
    { path: '/feed/not-a-post/comments', says: 'This post does not exist.' },
    { path: '/feed/not-a-post/send-tip/Munkoyo/10', says: 'This post does not exist.' },
    { path: '/@%20/audio/x', says: 'This profile does not exist.' },
    { path: '/@somebody/audio/x', says: 'This track does not exist.' },
  ];

  it.each([
    { width: 'at 360 px', viewport: PHONE },
    { width: 'at 1280 px', viewport: DESKTOP },
  ])('says so calmly, with no failed request and no error toast, $width', async ({ viewport }) => {
    const { page, context, problems } = await openPageAs(browser, creator, { viewport });
    const failed = recordFailedRequests(page);
    try {
      for (const { path, says } of addresses) {
        await page.goto(`${baseUrl}${path}`);
        await page
          .getByRole('heading', { name: 'Nothing here' })
          .waitFor({ timeout: 10_000 })
          .catch(async () => {
            throw new Error(`${path}: ${await page.locator('body').innerText()}`);
          });
        await page.getByRole('status').getByText(says).waitFor();
        await settle(page);
        expect(await page.getByText('An error occured!').count(), path).toBe(0);
        expect(await findLayoutProblems(page), path).toEqual([]);
      }
      // A tip the list does not have is said by the confirmation, before the post is read.
      await page.goto(`${baseUrl}/feed/AAAAAAAAAAAAAAAA/send-tip/Munkoyo/99`);
      await page.getByRole('heading', { name: 'Send a tip' }).waitFor();
      await page.getByRole('status').getByText('The Munkoyo tip is K10.').waitFor();
      await settle(page);
      expect(failed).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
