import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type PagePath, pageAudiences } from '../web/src/app/access/page-audiences.ts';
import { type ModalName, modalAudiences } from '../web/src/app/modals/modal-audiences.ts';
import { type Account, callApi, createAccount, openPageAs } from './support/accounts.ts';
import { publishTrack } from './support/audio.ts';
import { launchBrowser, PHONE } from './support/browser.ts';
import { findLayoutProblems, findLayoutProblemsWhileTyping } from './support/layout-check.ts';
import { publishVideo } from './support/video.ts';

// Most of our people are on phones: every page and every modal of the registry, at 360 px,
// signed out and signed in, with nothing sticking out of its dialog or the viewport, also
// while a field has the focus. The lists come from the app's own (page-audiences.ts and
// modal-audiences.ts), so a new page or modal is measured here as soon as it exists.
const baseUrl = inject('baseUrl');
let browser: Browser;
// A long name, as people have: it must read whole in post headers on a phone.
let creator: Account;
let other: Account;
let postId: string;
let audioId: string;
let videoId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  creator = await createAccount('Chanda Mulenga Kasonde', 'chandamulenga', {
    name: 'creator',
    cartegory: 'music artist',
  });
  other = await createAccount('Mapalo Bwalya Chilufya', 'mapalobwalya', {
    name: 'creator',
    cartegory: 'podcaster',
  });
  const post = await callApi(creator, '/api/post/create', 'POST', {
    type: 'text',
    description: 'Rehearsals all week, a new single on Friday.',
  });
  postId = ((await post.json()) as { newPost: { postId: string } }).newPost.postId;
  // A long title, as podcasts have: it must wrap on the player rather than stick out.
  const track = await publishTrack(creator, {
    title: 'Episode 12: Recording a whole album in one weekend at a Lusaka studio',
    genre: 'Talk and interviews',
    seconds: 4,
  });
  audioId = track.audioId;
  // A long title too: the watch page and its data choices must fit beside it.
  const video = await publishVideo(creator, {
    title: 'Behind the scenes: two days of rehearsals before the Lusaka show',
    seconds: 4,
  });
  videoId = video._id;
});
afterAll(async () => {
  await browser?.close();
});

/** An address for each page path, with its parameters filled in. */
function pageAddress(path: PagePath): string {
  const addresses: Record<PagePath, string> = {
    'creators/featured': '/creators/featured',
    'creators/all': '/creators/all',
    'creators/favourites': '/creators/favourites',
    'find-creators/:query': '/find-creators/q=nothing',
    'creator-studio/create': '/creator-studio/create',
    'create/:kind': '/create/photo',
    payouts: '/payouts',
    members: '/members',
    wallet: '/wallet',
    passes: '/passes',
    'notifications/all': '/notifications/all',
    'notifications/noti-list': '/notifications/noti-list',
    signin: '/signin',
    'account-setup': '/account-setup',
    'account/forgot-password': '/account/forgot-password',
    'account/forgot-password/:email': `/account/forgot-password/${creator.email}`,
    'manage-membership/:username': `/manage-membership/${creator.username}?collection=audio&itemId=x&screen=membership-options`,
    subscribe: `/subscribe?profileId=${creator.username}&content=music`,
    'terms-of-use': '/terms-of-use',
    'privacy-policy': '/privacy-policy',
    about: '/about',
    feed: '/feed',
    'feed/:postId': `/feed/${postId}`,
    'feed/:postId/comments': `/feed/${postId}/comments`,
    'feed/:postId/send-tip/:tipName/:amount': `/feed/${postId}/send-tip/Munkoyo/10`,
    ':username': `/${creator.username}`,
    ':username/settings': `/${creator.username}/settings`,
    ':username/audio/:audioId': `/${creator.username}/audio/${audioId}`,
    'watch/:videoId': `/watch/${videoId}`,
    discover: '/discover',
  };
  return addresses[path];
}

/** The options part of `?modal=` each modal needs (a profile's username where it names one). */
function modalOptions(name: ModalName): string {
  const options: Record<ModalName, string> = {
    messaging: '',
    alert: '',
    confirm: '',
    signup: '',
    signin: '',
    'email-verification': '',
    'setup-security-question': '',
    'verify-security-question': '',
    'forgot-password': '',
    'edit-account': '',
    'page-more-options-menu': '',
    'read-only-more-options-menu': other.username,
    'book-creator': other.username,
    'create-short-video': '',
    'report-or-block-profile': other.username,
    topup: '',
    'add-card': '',
    payout: '',
    'tip-picker': postId,
    'complete-send-tip-action': `${postId}:Munkoyo:10`,
    'support-creator': other.username,
    'unlock-exclusive-content': postId,
    'set-pricing': '',
    'join-to-unlock': other.username,
    'play-creator-songs': other.username,
    'edit-episode': videoId,
  };
  return options[name];
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // Fonts and late lists (suggestions, skeletons turning into cards) have their say.
  await page.waitForTimeout(150);
}

const viewers = [
  { who: 'signed out', account: () => null },
  { who: 'signed in', account: () => creator },
] as const;

/** A walk through every page or every modal, one after the other. */
const WALK_TIMEOUT_MS = 180_000;

describe.each(viewers)('at 360 px, $who', ({ who, account }) => {
  it(
    'fits every page: nothing outside the viewport, also with a field focused',
    async () => {
      const { page, context, problems } = await openPageAs(browser, account(), { viewport: PHONE });
      try {
        const found: string[] = [];
        for (const path of Object.keys(pageAudiences) as PagePath[]) {
          await page.goto(`${baseUrl}${pageAddress(path)}`);
          await settle(page);
          const pageProblems = [
            ...(await findLayoutProblems(page)),
            ...(await findLayoutProblemsWhileTyping(page)),
          ];
          found.push(...pageProblems.map((problem) => `${pageAddress(path)}: ${problem}`));
        }
        expect(found, who).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
      // Every page of the app in turn: about 40 s on two quiet cores, more beside the API tests.
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'fits every modal of the registry: nothing outside its dialog, also with a field focused',
    async () => {
      const { page, context } = await openPageAs(browser, account(), { viewport: PHONE });
      try {
        const found: string[] = [];
        for (const name of Object.keys(modalAudiences) as ModalName[]) {
          const options = modalOptions(name);
          const query = new URLSearchParams({ modal: options ? `${name}/${options}` : name });
          if (name === 'alert' || name === 'confirm')
            query.set('modal_detail', 'A notice of a sensible length.');
          await page.goto(`${baseUrl}/creators/featured?${query.toString().replaceAll('%2F', '/')}`);
          await page.getByRole('dialog').waitFor();
          await settle(page);
          const modalProblems = [
            ...(await findLayoutProblems(page)),
            ...(await findLayoutProblemsWhileTyping(page)),
          ];
          found.push(...modalProblems.map((problem) => `?modal=${name}: ${problem}`));
        }
        expect(found, who).toEqual([]);
      } finally {
        await context.close();
      }
    },
    WALK_TIMEOUT_MS,
  );
});

describe('on a 360 px phone', () => {
  it("shows a post author's whole name and the time, on their own posts and elsewhere", async () => {
    for (const viewer of [creator, other]) {
      const { page, context } = await openPageAs(browser, viewer, { viewport: PHONE });
      try {
        await page.goto(`${baseUrl}/${creator.username}`);
        const post = page.getByRole('article', { name: creator.name });
        const name = post.getByRole('link', { name: creator.name, exact: true });
        await name.waitFor();
        // Whole: nothing in the header is cut short (an ellipsis, a clipped box).
        const cut = await post
          .locator('header')
          .evaluate((header) =>
            [header, ...header.querySelectorAll('*')]
              .filter((element) => element.scrollWidth > element.clientWidth + 1)
              .map((element) => element.textContent),
          );
        expect(cut).toEqual([]);
        expect(await name.isVisible()).toBe(true);
        await post.locator('time').waitFor();
        expect(await post.locator('time').isVisible()).toBe(true);
      } finally {
        await context.close();
      }
    }
  });

  it("keeps a visitor's Follow, Sign In and Sign Up on one row, and the search's words whole", async () => {
    const { page, context } = await openPageAs(browser, null, { viewport: PHONE });
    try {
      await page.goto(`${baseUrl}/${creator.username}`);
      const main = page.getByRole('main');
      const buttons = [
        main.getByRole('button', { name: 'Follow', exact: true }),
        main.getByRole('button', { name: 'Sign In' }),
        main.getByRole('button', { name: 'Sign Up' }),
      ];
      const tops = await Promise.all(buttons.map(async (button) => (await button.boundingBox())!.y));
      expect(new Set(tops).size).toBe(1);

      const search = page.getByRole('combobox', { name: 'Search for creators' });
      const room = await search.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context2d = document.createElement('canvas').getContext('2d')!;
        context2d.font = style.font;
        const free =
          input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return { needed: context2d.measureText(input.placeholder).width, free };
      });
      expect(room.needed).toBeLessThanOrEqual(room.free);
    } finally {
      await context.close();
    }
  });
});
