import type { TAudio } from '@stagepass/contract/audio';
import { WALLET_MESSAGES } from '@stagepass/contract/wallet';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, createAccount, openPageAs } from './support/accounts.ts';
import { fetchTrack, publishTrack, readAudio, speedUp, waitForAudio } from './support/audio.ts';
import { findSeriousAccessibilityViolations } from './support/axe.ts';
import { DESKTOP, launchBrowser, PHONE } from './support/browser.ts';
import { findLayoutProblems } from './support/layout-check.ts';
import { fundWallet } from './support/wallet.ts';

// The creator audio player with real audio: tones made by ffmpeg, uploaded and processed by
// the server (full, data-saver and 30-second preview files, the waveform). The tests play
// them 8 times as fast to stay short, and read the media element's own currentTime, paused
// and src: what the listener hears, not what the page says.
const baseUrl = inject('baseUrl');
let browser: Browser;
let seller: Account;
let lister: Account;
let paidTrack: TAudio;
let listTracks: TAudio[];
let roamer: Account;
let roamTracks: TAudio[];

beforeAll(async () => {
  browser = await launchBrowser();
  seller = await createAccount('Natasha Chansa Mwila', 'natashachansa', {
    name: 'creator',
    cartegory: 'music artist',
  });
  lister = await createAccount('Pompi Kalaba', 'pompikalaba', { name: 'creator', cartegory: 'music artist' });
  paidTrack = await publishTrack(seller, {
    title: 'Kalindula at Dawn',
    genre: 'Kalindula',
    visibility: 'pay-to-unlock',
    price: 750,
    seconds: 45,
  });
  // Three public tracks, oldest first; the list begins with the newest (the one opened).
  listTracks = [];
  for (const [title, frequency] of [
    ['First Light', 330],
    ['Second Wind', 440],
    ['Third Time Lucky', 550],
  ] as const) {
    listTracks.push(await publishTrack(lister, { title, frequency, seconds: 3 }));
  }
  // Long enough to go on playing while the fan browses.
  roamer = await createAccount('Mwansa Roaming Beats', 'mwansaroaming', {
    name: 'creator',
    cartegory: 'music artist',
  });
  roamTracks = [];
  for (const [title, frequency] of [
    ['Morning Rain', 262],
    ['Midday Sun', 392],
    ['Evening Drums', 494],
  ] as const) {
    roamTracks.push(await publishTrack(roamer, { title, frequency, seconds: 40 }));
  }
}, 300_000);
afterAll(async () => {
  await browser?.close();
});

/**
 * Records which Media Session actions the page handles (the lock screen's buttons): the
 * browser gives no way to read the handlers back, so their setting is watched.
 */
async function watchMediaSessionActions(page: Page) {
  await page.addInitScript(() => {
    const handled: Record<string, boolean> = {};
    (window as unknown as { mediaSessionActions: Record<string, boolean> }).mediaSessionActions = handled;
    const setActionHandler = navigator.mediaSession.setActionHandler.bind(navigator.mediaSession);
    navigator.mediaSession.setActionHandler = (action, handler) => {
      handled[action] = handler !== null;
      setActionHandler(action, handler);
    };
  });
}

function readMediaSessionActions(page: Page) {
  return page.evaluate(
    () => (window as unknown as { mediaSessionActions: Record<string, boolean> }).mediaSessionActions,
  );
}

/** The preview plays to 30 s and stops there; nothing the keyboard does moves it. */
async function expectPreviewStopsAt30(page: Page) {
  const main = page.locator('main');
  const slider = main.getByRole('slider', { name: 'Seek' });
  await slider.waitFor();
  expect(await slider.getAttribute('aria-disabled')).toBe('true');
  await main.getByRole('button', { name: 'Play', exact: true }).click();
  await waitForAudio(page, (audio) => !audio.paused && audio.currentTime > 1);
  const early = await readAudio(page);
  expect(early.src).toContain('/preview');

  // Seeking by keyboard while it plays does nothing: the position only moves with playback
  // (at its normal rate here, so a slow machine's pauses between the keys stay small).
  await slider.focus();
  const beforeKeys = (await readAudio(page)).currentTime;
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  const afterKeys = (await readAudio(page)).currentTime;
  expect(afterKeys - beforeKeys).toBeLessThan(2);

  await speedUp(page);

  await waitForAudio(page, (audio) => audio.paused && audio.currentTime > 25, 30_000);
  const stopped = await readAudio(page);
  expect(stopped.paused).toBe(true);
  expect(stopped.currentTime).toBeGreaterThan(29);
  expect(stopped.currentTime).toBeLessThanOrEqual(30.5);
  // It stays stopped.
  await page.waitForTimeout(500);
  expect((await readAudio(page)).paused).toBe(true);
  await main.getByText('The 30-second preview has ended.').waitFor();

  await slider.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowLeft');
  expect((await readAudio(page)).currentTime).toBeCloseTo(stopped.currentTime, 3);
  expect(await slider.getAttribute('aria-valuetext')).toMatch(/^0:(29|30) of 0:45$/);
}

describe('a pay-to-unlock track', () => {
  it('gives a visitor the 30-second preview without seeking, then the unlock, which asks them to sign in', async () => {
    const { page, context, problems } = await openPageAs(browser, null);
    try {
      await watchMediaSessionActions(page);
      await page.goto(`${baseUrl}/${seller.username}/audio/${paidTrack.audioId}`);
      const main = page.locator('main');
      await main.getByRole('heading', { level: 1, name: 'Kalindula at Dawn' }).waitFor();
      await expectPreviewStopsAt30(page);

      // The lock screen names the track and has play and pause, but no seeking on a preview.
      expect(await readMediaSessionActions(page)).toMatchObject({ play: true, pause: true, seekto: false });
      const metadata = await page.evaluate(() => {
        const { title, artist, album } = navigator.mediaSession.metadata ?? {};
        return { title, artist, album };
      });
      expect(metadata).toEqual({ title: 'Kalindula at Dawn', artist: seller.name, album: 'Stagepass' });

      await main.getByRole('button', { name: 'Unlock for K7.50' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Sign In' }).first().waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lets a fan who unlocks it from the wallet hear it on past 30 s from the full file, without a reload', async () => {
    const fan = await createAccount('Chileshe Audio Fan', 'chilesheaudiofan', { name: 'fan' });
    await fundWallet(fan);
    const { page, context, problems } = await openPageAs(browser, fan, { viewport: PHONE });
    try {
      await watchMediaSessionActions(page);
      await page.goto(`${baseUrl}/${seller.username}/audio/${paidTrack.audioId}`);
      const main = page.locator('main');
      await main.getByRole('heading', { level: 1, name: 'Kalindula at Dawn' }).waitFor();
      expect(await main.getByRole('button', { name: /^Love/ }).isDisabled()).toBe(true);
      const playsBefore = (await fetchTrack(seller, paidTrack.audioId)).plays;
      await expectPreviewStopsAt30(page);
      // The preview played to its end: it counts as the fan's play.
      await expect
        .poll(async () => (await fetchTrack(seller, paidTrack.audioId)).plays)
        .toBe(playsBefore + 1);
      // Marked, to show the page keeps this very element once the track is unlocked.
      await page.locator('audio').evaluate((audio) => audio.setAttribute('data-test-marker', 'kept'));

      // The purchase is held back a moment to see the Pay button while the payment is in progress.
      const purchases: string[] = [];
      await page.route('**/api/purchases', async (route) => {
        purchases.push(route.request().method());
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await main.getByRole('button', { name: 'Unlock for K7.50' }).click();
      await page.getByRole('dialog', { name: 'Unlock exclusive content' }).waitFor();
      // Its title becomes the outcome's, as the Topup panel's does.
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('unlock-price').filter({ hasText: 'K7.50' }).waitFor();
      const pay = dialog.getByRole('button', { name: 'Pay K7.50' });
      await pay.click();
      const busy = dialog.getByRole('button', { name: WALLET_MESSAGES.processing });
      await busy.waitFor();
      expect(await busy.getAttribute('aria-disabled')).toBe('true');
      // A second press while it is in progress sends nothing more (forced: it is aria-disabled).
      await busy.click({ force: true });
      await dialog.getByText(WALLET_MESSAGES.completed).first().waitFor({ timeout: 20_000 });
      expect(purchases).toEqual(['POST']);

      // Behind the dialog, without a reload: the full file, from where the preview stopped, playing on.
      await waitForAudio(
        page,
        (audio) => !audio.paused && !audio.src.includes('/preview') && audio.currentTime > 31,
      );
      const unlocked = await readAudio(page);
      expect(unlocked.src).not.toContain('/preview');
      expect(unlocked.duration).toBeGreaterThan(44);
      expect(await page.locator('audio[data-test-marker="kept"]').count()).toBe(1);
      // The lock screen may seek it now.
      expect(await readMediaSessionActions(page)).toMatchObject({ seekto: true });
      await dialog.getByText('Close', { exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await main.getByRole('button', { name: /^Unlock for/ }).count()).toBe(0);

      // Now it seeks: paused, the arrow keys move 5 s.
      await main.getByRole('button', { name: 'Pause' }).click();
      await waitForAudio(page, (audio) => audio.paused);
      const slider = main.getByRole('slider', { name: 'Seek' });
      expect(await slider.getAttribute('aria-disabled')).toBeNull();
      await slider.focus();
      await page.keyboard.press('Home');
      await waitForAudio(page, (audio) => audio.currentTime === 0);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await waitForAudio(page, (audio) => Math.abs(audio.currentTime - 10) < 0.01);
      expect(await slider.getAttribute('aria-valuetext')).toBe('0:10 of 0:45');

      // And the fan may react to it.
      const love = main.getByRole('button', { name: /^Love/ });
      await love.click();
      await expect.poll(() => love.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(async () => (await fetchTrack(fan, paidTrack.audioId)).viewerReaction).toBe('love');
      await love.click();
      await expect.poll(async () => (await fetchTrack(fan, paidTrack.audioId)).viewerReaction).toBeNull();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits a phone in light and dark and a desktop, with no serious accessibility violation', async () => {
    const fan = await createAccount('Mulenga Layout Fan', 'mulengalayoutfan', { name: 'fan' });
    // Each theme with each of the two accent colours once.
    const screens = [
      { viewport: PHONE, colorScheme: 'light', accent: 'violet' },
      { viewport: PHONE, colorScheme: 'dark', accent: 'teal' },
      { viewport: DESKTOP, colorScheme: 'light', accent: 'teal' },
      { viewport: DESKTOP, colorScheme: 'dark', accent: 'violet' },
    ] as const;
    for (const { accent, ...screen } of screens) {
      const { page, context } = await openPageAs(browser, fan, screen);
      try {
        await page.addInitScript((chosen) => localStorage.setItem('stagepass-audio-accent', chosen), accent);
        await page.goto(`${baseUrl}/${seller.username}/audio/${paidTrack.audioId}`);
        const main = page.locator('main');
        await main.getByRole('button', { name: 'Unlock for K7.50' }).waitFor();
        await main.getByRole('list').first().waitFor();
        await page.waitForLoadState('networkidle');
        const label = `${screen.viewport.width} px, ${screen.colorScheme}, ${accent}`;
        await main
          .getByRole('button', {
            name: `Accent colour: ${accent}. Switch to ${accent === 'teal' ? 'violet' : 'teal'}`,
          })
          .waitFor();
        expect(await findLayoutProblems(page), label).toEqual([]);
        expect(await findSeriousAccessibilityViolations(page), label).toEqual([]);
        const box = await main.getByRole('slider', { name: 'Seek' }).boundingBox();
        // The seek bar takes the deck's width: wide enough to aim at a moment.
        expect(box!.width, label).toBeGreaterThan(280);
      } finally {
        await context.close();
      }
    }
  });
});

describe("a creator's list", () => {
  it('moves through three tracks with Next and Previous and plays on by itself to the end of the list', async () => {
    const [first, second, third] = listTracks as [TAudio, TAudio, TAudio];
    const { page, context, problems } = await openPageAs(browser, null);
    try {
      await page.goto(`${baseUrl}/${lister.username}/audio/${third.audioId}`);
      const main = page.locator('main');
      const heading = main.getByRole('heading', { level: 1 });
      await heading.filter({ hasText: third.title }).waitFor();
      const list = main.getByRole('list').filter({ hasText: first.title });
      await list.getByRole('button').nth(2).waitFor();
      expect(await list.getByRole('button').allInnerTexts()).toEqual([
        expect.stringContaining(third.title),
        expect.stringContaining(second.title),
        expect.stringContaining(first.title),
      ]);
      expect(await main.getByRole('button', { name: 'Previous track' }).isDisabled()).toBe(true);
      await page.locator('audio').evaluate((audio) => audio.setAttribute('data-test-marker', 'kept'));

      await main.getByRole('button', { name: 'Next track' }).click();
      await heading.filter({ hasText: second.title }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/${lister.username}/audio/${second.audioId}`);
      await waitForAudio(page, (audio) => audio.src.includes(second.audio_asset.public_id) && !audio.paused);

      await main.getByRole('button', { name: 'Previous track' }).click();
      await heading.filter({ hasText: third.title }).waitFor();
      await waitForAudio(page, (audio) => audio.src.includes(third.audio_asset.public_id) && !audio.paused);

      // From the second track on, nothing is pressed: each track ends and the next one plays.
      await main.getByRole('button', { name: 'Next track' }).click();
      await waitForAudio(page, (audio) => audio.src.includes(second.audio_asset.public_id) && !audio.paused);
      await waitForAudio(page, (audio) => audio.src.includes(first.audio_asset.public_id) && !audio.paused);
      await heading.filter({ hasText: first.title }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/${lister.username}/audio/${first.audioId}`);
      expect(
        await list.getByRole('button', { name: new RegExp(first.title) }).getAttribute('aria-current'),
      ).toBe('true');

      // The last track ends the list: it stops there.
      await waitForAudio(page, (audio) => audio.ended && audio.paused);
      expect(await main.getByRole('button', { name: 'Next track' }).isDisabled()).toBe(true);
      await main.getByRole('button', { name: 'Play', exact: true }).waitFor();
      // One element all along, never recreated.
      expect(await page.locator('audio').count()).toBe(1);
      expect(await page.locator('audio[data-test-marker="kept"]').count()).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the author', () => {
  it('hears the whole track with Share instead of unlock, and keeps the accent colour and data saver chosen', async () => {
    const { page, context, problems } = await openPageAs(browser, seller);
    try {
      await page.goto(`${baseUrl}/${seller.username}/audio/${paidTrack.audioId}`);
      const main = page.locator('main');
      await main.getByRole('button', { name: 'Share' }).waitFor();
      expect(await main.getByRole('button', { name: /^Unlock/ }).count()).toBe(0);
      expect(await main.getByRole('slider', { name: 'Seek' }).getAttribute('aria-disabled')).toBeNull();

      await speedUp(page);
      await main.getByRole('button', { name: 'Play', exact: true }).click();
      await waitForAudio(page, (audio) => !audio.paused && audio.currentTime > 31);
      expect((await readAudio(page)).src).toContain('/audio.');

      // Data saver: the lighter file, from where the listener was.
      const before = (await readAudio(page)).currentTime;
      await main.getByRole('switch', { name: 'Data saver' }).click();
      const lite = await waitForAudio(
        page,
        (audio) => audio.src.includes('/audio-lite') && !audio.paused && audio.currentTime > 0,
      );
      expect(lite.currentTime).toBeGreaterThanOrEqual(before - 0.5);

      const accent = main.getByRole('button', { name: /^Accent colour: violet/ });
      const violet = await readAccent(page);
      await accent.click();
      await main.getByRole('button', { name: /^Accent colour: teal/ }).waitFor();
      const teal = await readAccent(page);
      expect(teal).not.toBe(violet);

      await page.reload();
      await main.getByRole('button', { name: /^Accent colour: teal/ }).waitFor();
      expect(await readAccent(page)).toBe(teal);
      expect(await main.getByRole('switch', { name: 'Data saver' }).getAttribute('aria-checked')).toBe(
        'true',
      );
      await main.getByRole('button', { name: 'Play', exact: true }).click();
      await waitForAudio(page, (audio) => audio.src.includes('/audio-lite') && !audio.paused);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** The colour the Play button is drawn in. */
function readAccent(page: Page) {
  return page
    .locator('main')
    .getByRole('button', { name: /^(Play|Pause)$/ })
    .evaluate((button) => getComputedStyle(button).backgroundColor);
}

/** The position now and a moment later: it moves while the music plays. */
async function expectPlayingOn(page: Page) {
  const before = await waitForAudio(page, (audio) => !audio.paused);
  await waitForAudio(page, (audio) => !audio.paused && audio.currentTime > before.currentTime + 0.3);
}

/** The mini-player's bar stays below the page's last content: the footer ends above it. */
async function expectNothingUnderTheMiniPlayer(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footer = await page.getByRole('contentinfo').boundingBox();
  const bar = await page.getByRole('region', { name: 'Now playing' }).boundingBox();
  expect(footer!.y + footer!.height).toBeLessThanOrEqual(bar!.y + 1);
}

describe('playing while the fan browses', () => {
  it('plays a track tapped in the Audio tab at once, goes back from the middle, and plays on in the mini-player on other pages (360 px, dark)', async () => {
    const [morning, midday, evening] = roamTracks as [TAudio, TAudio, TAudio];
    const fan = await createAccount('Bwalya Roaming Fan', 'bwalyaroamingfan', { name: 'fan' });
    const { page, context, problems } = await openPageAs(browser, fan, {
      viewport: PHONE,
      colorScheme: 'dark',
    });
    try {
      await page.goto(`${baseUrl}/${roamer.username}`);
      const main = page.locator('main');
      await main.getByRole('tab', { name: 'Audio' }).click();
      // One tap: the track plays without a second one on the player page (its code loads after the tap).
      await main.getByRole('link', { name: 'Play Midday Sun' }).click();
      await page.waitForURL(`${baseUrl}/${roamer.username}/audio/${midday.audioId}`);
      await waitForAudio(page, (audio) => audio.src.includes(midday.audio_asset.public_id));
      await expectPlayingOn(page);
      const heading = main.getByRole('heading', { level: 1 });
      await heading.filter({ hasText: 'Midday Sun' }).waitFor();
      await main.getByRole('button', { name: 'Pause' }).waitFor();

      // The creator's order, the opened track in its place: Previous goes to the newer one.
      const list = main.getByRole('list').filter({ hasText: 'Morning Rain' });
      await list.getByRole('button').nth(2).waitFor();
      expect(await list.getByRole('button').allInnerTexts()).toEqual([
        expect.stringContaining(evening.title),
        expect.stringContaining(midday.title),
        expect.stringContaining(morning.title),
      ]);
      await main.getByRole('button', { name: 'Previous track' }).click();
      await heading.filter({ hasText: 'Evening Drums' }).waitFor();
      await waitForAudio(page, (audio) => audio.src.includes(evening.audio_asset.public_id) && !audio.paused);
      expect(new URL(page.url()).pathname).toBe(`/${roamer.username}/audio/${evening.audioId}`);
      await page.locator('audio').evaluate((audio) => audio.setAttribute('data-test-marker', 'kept'));

      // Another page: the music goes on, in the same element, under the mini-player.
      await main.getByRole('link', { name: roamer.name }).click();
      await page.waitForURL(`${baseUrl}/${roamer.username}`);
      const mini = page.getByRole('region', { name: 'Now playing' });
      await mini.getByText('Evening Drums').waitFor();
      await expectPlayingOn(page);
      expect(await page.locator('audio[data-test-marker="kept"]').count()).toBe(1);
      expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe('Evening Drums');
      await main.getByRole('tab', { name: 'Audio' }).waitFor();
      expect(await findLayoutProblems(page)).toEqual([]);
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
      await expectNothingUnderTheMiniPlayer(page);

      // Its controls, by keyboard too.
      await mini.getByRole('button', { name: 'Pause' }).click();
      await waitForAudio(page, (audio) => audio.paused);
      await mini.getByRole('button', { name: 'Play', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expectPlayingOn(page);
      await mini.getByRole('button', { name: 'Next track' }).click();
      await mini.getByText('Midday Sun').waitFor();
      await waitForAudio(page, (audio) => audio.src.includes(midday.audio_asset.public_id));
      await expectPlayingOn(page);
      expect(new URL(page.url()).pathname).toBe(`/${roamer.username}`);

      // A tap on the track goes back to its player page, still playing.
      await mini.getByRole('link', { name: /Midday Sun/ }).click();
      await page.waitForURL(`${baseUrl}/${roamer.username}/audio/${midday.audioId}`);
      await heading.filter({ hasText: 'Midday Sun' }).waitFor();
      await mini.waitFor({ state: 'detached' });
      await expectPlayingOn(page);

      // Close stops it and takes the lock screen's controls with it.
      await main.getByRole('link', { name: roamer.name }).click();
      await mini.getByRole('button', { name: 'Close the player' }).click();
      await mini.waitFor({ state: 'detached' });
      // Its file is gone (no length any more), not only paused.
      await waitForAudio(page, (audio) => audio.paused && Number.isNaN(audio.duration));
      expect(await page.evaluate(() => navigator.mediaSession.metadata)).toBeNull();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("stops a visitor's preview at 30 s in the mini-player too, and offers its unlock there (1280 px)", async () => {
    const { page, context, problems } = await openPageAs(browser, null, { viewport: DESKTOP });
    try {
      await watchMediaSessionActions(page);
      await page.goto(`${baseUrl}/${seller.username}/audio/${paidTrack.audioId}`);
      const main = page.locator('main');
      await main.getByRole('heading', { level: 1, name: 'Kalindula at Dawn' }).waitFor();
      await speedUp(page);
      await main.getByRole('button', { name: 'Play', exact: true }).click();
      await waitForAudio(page, (audio) => !audio.paused && audio.src.includes('/preview'));

      await main.getByRole('link', { name: seller.name }).click();
      await page.waitForURL(`${baseUrl}/${seller.username}`);
      const mini = page.getByRole('region', { name: 'Now playing' });
      await mini.getByText('Kalindula at Dawn').waitFor();
      const stopped = await waitForAudio(page, (audio) => audio.paused && audio.currentTime > 25, 30_000);
      expect(stopped.currentTime).toBeGreaterThan(29);
      expect(stopped.currentTime).toBeLessThanOrEqual(30.5);
      await mini.getByText('Preview ended').waitFor();
      // The lock screen still may not seek a preview.
      expect(await readMediaSessionActions(page)).toMatchObject({ play: true, pause: true, seekto: false });
      expect(await findLayoutProblems(page)).toEqual([]);
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
      await expectNothingUnderTheMiniPlayer(page);

      await mini.getByRole('button', { name: 'Unlock for K7.50' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Sign In' }).first().waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
