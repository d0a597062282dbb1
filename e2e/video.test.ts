import type { TVideo } from '@stagepass/contract/video';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, createAccount, openPageAs } from './support/accounts.ts';
import { findSeriousAccessibilityViolations } from './support/axe.ts';
import { DESKTOP, launchBrowser, PHONE } from './support/browser.ts';
import { findLayoutProblems } from './support/layout-check.ts';
import {
  createSeries,
  fetchToWatch,
  makeClip,
  publishVideo,
  readVideo,
  waitForVideoState,
} from './support/video.ts';

// The video library with real video: clips made by ffmpeg, uploaded and processed by the
// server into its HLS ladder (240p, 360p, 720p and audio only), played by Chromium. The
// tests read the <video> element's own currentTime, paused and playbackRate, and which
// renditions the browser fetched: what the viewer sees and pays for, not what the page says.
const baseUrl = inject('baseUrl');
let browser: Browser;
let creator: Account;
let fan: Account;
let film: TVideo;
let episodes: TVideo[];
let paid: TVideo;
let soldSeries: TVideo;
let soldEpisode: TVideo;

beforeAll(async () => {
  browser = await launchBrowser();
  creator = await createAccount('Natasha Chileshe Banda', 'natashavideos', {
    name: 'creator',
    cartegory: 'music artist',
  });
  fan = await createAccount('Mutale Phiri', 'mutalewatches', { name: 'fan' });
  // Long enough to skip 30 seconds forward and still be playing.
  film = await publishVideo(creator, { title: 'Live at the Lusaka Playhouse', seconds: 45 });
  const series = await createSeries(creator, { title: 'Studio diaries' });
  episodes = [];
  for (const title of ['Day one: drums', 'Day two: vocals']) {
    episodes.push(await publishVideo(creator, { title, seconds: 6, seriesId: series._id }));
  }
  paid = await publishVideo(creator, {
    title: 'The acoustic session',
    seconds: 35,
    visibility: 'pay-to-unlock',
    price: 500,
  });
  soldSeries = await createSeries(creator, {
    title: 'Masterclass',
    visibility: 'pay-to-unlock',
    price: 4900,
  });
  soldEpisode = await publishVideo(creator, {
    title: 'Lesson one: the kalimba',
    seconds: 4,
    seriesId: soldSeries._id,
    visibility: 'pay-to-unlock',
    price: 1500,
  });
}, 600_000);
afterAll(async () => {
  await browser?.close();
});

/** The names of the rendition files the page fetched (240p.mp4, audio.m3u8 …), in order. */
function recordRenditionFiles(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/media/folder/')) files.push(pathname.split('/').at(-1) ?? '');
  });
  return files;
}

/** Save-Data as a phone on a metered plan sends it (the Network Information API Chromium has). */
async function emulateSaveData(page: Page) {
  await page.addInitScript(() => {
    const connection = {
      saveData: true,
      effectiveType: '4g',
      addEventListener() {},
      removeEventListener() {},
    };
    Object.defineProperty(Navigator.prototype, 'connection', { get: () => connection, configurable: true });
  });
}

async function play(page: Page) {
  await page
    .getByRole('region', { name: 'Video player' })
    .getByRole('button', { name: /^(Play|Resume at)/ })
    .first()
    .click();
  return waitForVideoState(page, (video) => !video.paused && video.currentTime > 1);
}

describe('the watch page', () => {
  it('shows what each quality costs before play, then plays the HLS ladder in Chromium', async () => {
    const { page, context, problems } = await openPageAs(browser, fan, { viewport: DESKTOP });
    const files = recordRenditionFiles(page);
    try {
      await page.goto(`${baseUrl}/watch/${film._id}`);
      await page.getByRole('heading', { level: 1, name: film.title }).waitFor();
      const quality = page.getByLabel('Quality');
      const qualities = await quality.locator('option').allInnerTexts();
      expect(qualities[0]).toMatch(/^Auto/);
      expect(qualities.slice(1)).toEqual([
        expect.stringMatching(/^240p · ≈ [\d.]+ (KB|MB) a minute$/),
        expect.stringMatching(/^360p · ≈ [\d.]+ (KB|MB) a minute$/),
        expect.stringMatching(/^720p · ≈ [\d.]+ (KB|MB) a minute$/),
      ]);
      await page.getByText(/^The whole video: ≈ [\d.]+ (KB|MB) to ≈ [\d.]+ (KB|MB)/).waitFor();
      await quality.selectOption({ label: qualities[1]! });
      await page.getByText(/^The whole video: ≈ [\d.]+ (KB|MB) at 240p\./).waitFor();
      await quality.selectOption({ index: 0 });
      // Nothing of the video is fetched before play: the poster and the data cost only.
      expect(files).toEqual([]);

      const playing = await play(page);
      expect(playing.videoHeight).toBeGreaterThan(0);
      expect(files).toContain('master.m3u8');
      const later = await waitForVideoState(page, (video) => video.currentTime > playing.currentTime + 1);
      expect(later.paused).toBe(false);
      expect(later.error).toBeNull();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('skips 10 s back and 30 s forward with the buttons and the keys, and plays at the spec rates', async () => {
    const { page, context } = await openPageAs(browser, fan, { viewport: DESKTOP });
    try {
      await page.goto(`${baseUrl}/watch/${film._id}`);
      await play(page);
      const player = page.getByRole('region', { name: 'Video player' });

      const before = (await readVideo(page)).currentTime;
      await player.getByRole('button', { name: 'Forward 30 seconds' }).click();
      const forward = await waitForVideoState(page, (video) => video.currentTime >= before + 29);
      await player.getByRole('button', { name: 'Back 10 seconds' }).click();
      const back = await waitForVideoState(page, (video) => video.currentTime < forward.currentTime - 8);
      expect(back.currentTime).toBeGreaterThan(forward.currentTime - 11);

      // The rates are tried paused: at 5× on busy cores the 45-second film would reach its
      // end before the keys below are pressed.
      await player.getByRole('button', { name: 'Pause' }).click();
      await waitForVideoState(page, (video) => video.paused);
      const speed = player.getByLabel('Playback speed');
      expect(await speed.locator('option').allInnerTexts()).toEqual(['5×', '2×', 'Normal', '0.5×', '0.1×']);
      for (const rate of ['5', '2', '0.5', '0.1', '1']) {
        await speed.selectOption(rate);
        await waitForVideoState(page, (video) => video.playbackRate === Number(rate));
      }

      // The keyboard: K plays and pauses, J goes back 10 s, L forward 30 s.
      await page.locator('body').click({ position: { x: 5, y: 300 } });
      await page.keyboard.press('k');
      await waitForVideoState(page, (video) => !video.paused);
      await page.keyboard.press('k');
      const paused = await waitForVideoState(page, (video) => video.paused);
      const afterBack = Math.max(0, paused.currentTime - 10);
      await page.keyboard.press('j');
      await waitForVideoState(page, (video) => Math.abs(video.currentTime - afterBack) < 1);
      await page.keyboard.press('l');
      const afterForward = Math.min(paused.duration, afterBack + 30);
      await waitForVideoState(page, (video) => Math.abs(video.currentTime - afterForward) < 1);
      await page.keyboard.press('k');
      await waitForVideoState(page, (video) => !video.paused);
      await player.getByText('Keyboard shortcuts').click();
      await player.getByText('Back 10 seconds').first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('starts on the lowest rung and stays there with Save-Data, and switches to audio only in one tap', async () => {
    const { page, context } = await openPageAs(browser, fan, { viewport: PHONE });
    await emulateSaveData(page);
    const files = recordRenditionFiles(page);
    try {
      await page.goto(`${baseUrl}/watch/${film._id}`);
      await page
        .getByText('Your browser asks to save data: the video starts at its lowest quality.')
        .waitFor();
      expect(await page.getByLabel('Quality').inputValue()).toBe('240');
      await page.getByText(/^The whole video: ≈ [\d.]+ (KB|MB) at 240p\./).waitFor();
      await play(page);
      await waitForVideoState(page, (video) => video.currentTime > 4);
      expect(files).toContain('240p.mp4');
      expect(files).not.toContain('360p.mp4');
      expect(files).not.toContain('720p.mp4');
      expect((await readVideo(page)).videoHeight).toBe(240);

      const at = (await readVideo(page)).currentTime;
      await page.getByRole('button', { name: /^Audio only/ }).click();
      await page.getByRole('button', { name: /^Audio only/, pressed: true }).waitFor();
      const listening = await waitForVideoState(page, (video) => !video.paused && video.currentTime > at);
      expect(files).toContain('audio.m3u8');
      expect(listening.currentTime).toBeGreaterThanOrEqual(at - 1);
      expect(listening.videoHeight).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('starts the next episode at the end of one', async () => {
    const { page, context } = await openPageAs(browser, fan, { viewport: DESKTOP });
    try {
      await page.goto(`${baseUrl}/watch/${episodes[0]!._id}`);
      const list = page.getByRole('region', { name: 'Episodes of Studio diaries' });
      expect(await list.getByRole('link', { name: /Day one: drums/ }).getAttribute('aria-current')).toBe(
        'page',
      );
      await play(page);
      await page.getByRole('slider', { name: 'Seek' }).fill('5');
      await page.waitForURL(`${baseUrl}/watch/${episodes[1]!._id}`, { timeout: 20_000 });
      await page.getByRole('heading', { level: 1, name: 'Day two: vocals' }).waitFor();
      await waitForVideoState(page, (video) => !video.paused && video.currentTime > 0.5);
      expect(await list.getByRole('link', { name: /Day two: vocals/ }).getAttribute('aria-current')).toBe(
        'page',
      );
    } finally {
      await context.close();
    }
  });

  it('shows the moment a pointer is over on the seek bar, with its frame, fetching the frames only then', async () => {
    const { page, context } = await openPageAs(browser, fan, { viewport: DESKTOP });
    const files = recordRenditionFiles(page);
    try {
      await page.goto(`${baseUrl}/watch/${film._id}`);
      await play(page);
      expect(files).not.toContain('thumbnails.vtt');
      const seek = page.getByRole('slider', { name: 'Seek' });
      const bar = (await seek.boundingBox())!;
      const duration = (await readVideo(page)).duration;
      // Half-way along the bar: 0:22 of the 45-second film, the 12th frame (2 s each, 10 a row).
      const sprite = page.waitForResponse((response) => response.url().includes('/thumbnails.jpg'));
      await page.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2);
      expect((await sprite).status()).toBe(200);
      const preview = page.locator('.video-seek__preview');
      await preview.getByText(/^0:2[12]$/).waitFor();
      const moment = Number((await preview.innerText()).split(':')[1]);
      expect(Math.abs(moment - duration / 2)).toBeLessThanOrEqual(1);
      const frame = await preview.locator('.video-seek__frame').evaluate((element) => {
        const style = getComputedStyle(element);
        return { image: style.backgroundImage, position: style.backgroundPosition, width: style.width };
      });
      expect(frame.image).toMatch(/\/media\/folder\/[^/]+\/[^/]+\/hls\/thumbnails\.jpg/);
      const index = Math.floor(moment / 2);
      expect(frame.position).toBe(`${-(index % 10) * 160}px ${-Math.floor(index / 10) * 90}px`);
      expect(frame.width).toBe('160px');
      // Inside the player, not past the page's edge.
      const box = (await preview.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(bar.x);
      expect(box.x + box.width).toBeLessThanOrEqual(bar.x + bar.width);

      await page.mouse.move(bar.x + bar.width / 2, bar.y - 200);
      await preview.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('resumes where the viewer stopped, after a reload', async () => {
    // A viewer of its own: the other tests' pages report their positions on this film as
    // they close, which could land after this test's pause.
    const viewer = await createAccount('Bwalya Mwansa', 'bwalyaresumes', { name: 'fan' });
    const { page, context } = await openPageAs(browser, viewer, { viewport: DESKTOP });
    try {
      await page.goto(`${baseUrl}/watch/${film._id}`);
      await play(page);
      await page
        .getByRole('region', { name: 'Video player' })
        .getByRole('button', { name: 'Forward 30 seconds' })
        .click();
      await waitForVideoState(page, (video) => video.currentTime > 31);
      const reported = page.waitForResponse(
        (response) => response.url().endsWith('/video_views') && response.request().method() === 'PUT',
      );
      await page.getByRole('region', { name: 'Video player' }).getByRole('button', { name: 'Pause' }).click();
      expect((await reported).status()).toBe(200);
      const { resumeAt } = await fetchToWatch(viewer, film._id);
      expect(resumeAt).toBeGreaterThan(30);

      await page.reload();
      await page.getByRole('button', { name: /^Resume at 0:3\d$/ }).waitFor();
      const resumed = await play(page);
      expect(resumed.currentTime).toBeGreaterThan(30);
    } finally {
      await context.close();
    }
  });

  it('plays the 30-second preview to a viewer without access, with the unlock, join and whole-series offers', async () => {
    const { page, context } = await openPageAs(browser, fan, { viewport: PHONE });
    const files = recordRenditionFiles(page);
    try {
      await page.goto(`${baseUrl}/watch/${paid._id}`);
      await page
        .getByText('You are watching a 30-second preview. Unlock the video to watch it all.')
        .waitFor();
      await page.getByRole('button', { name: 'Play the preview' }).click();
      const preview = await waitForVideoState(page, (video) => !video.paused && video.currentTime > 0.5);
      expect(preview.src).toContain('/preview.mp4');
      expect(files).toEqual([]);
      expect(await page.getByLabel('Quality').count()).toBe(0);
      await page.getByRole('button', { name: 'Unlock for K5' }).click();
      await page.getByRole('dialog', { name: 'Unlock exclusive content' }).waitFor();
      await page.goBack();

      await page.goto(`${baseUrl}/watch/${soldEpisode._id}`);
      await page.getByRole('button', { name: 'Unlock the whole series for K49' }).click();
      const dialog = page.getByRole('dialog', { name: 'Unlock exclusive content' });
      await dialog
        .getByText(/Unlock this series/)
        .first()
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it('has nothing for axe at 360 px, light and dark, and nothing sticks out', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context } = await openPageAs(browser, fan, { viewport: PHONE, colorScheme });
      try {
        await page.goto(`${baseUrl}/watch/${episodes[0]!._id}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(await findSeriousAccessibilityViolations(page), colorScheme).toEqual([]);
        expect(await findLayoutProblems(page), colorScheme).toEqual([]);
        await play(page);
        await page.getByRole('region', { name: 'Video player' }).getByText('Keyboard shortcuts').click();
        expect(await findSeriousAccessibilityViolations(page), colorScheme).toEqual([]);
        expect(await findLayoutProblems(page), colorScheme).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});

describe('the library', () => {
  it("lists a creator's videos and series in the Videos tab, and Discover shows them to a fan who does not follow", async () => {
    const { page, context } = await openPageAs(browser, fan, { viewport: PHONE });
    try {
      await page.goto(`${baseUrl}/${creator.username}`);
      await page.getByRole('tab', { name: 'Videos' }).click();
      const grid = page.getByRole('list', { name: `Videos of ${creator.name}` });
      await grid.getByRole('link', { name: film.title }).waitFor();
      await grid.getByText('Series · 2 episodes').waitFor();
      // Episodes are in their series, not in the tab.
      expect(await grid.getByRole('link', { name: 'Day one: drums' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: 'Discover' }).click();
      await page.waitForURL(`${baseUrl}/discover`);
      const found = page.getByRole('list', { name: 'Videos to discover' });
      await found.getByRole('link', { name: film.title }).waitFor();
      await found.getByRole('link', { name: film.title }).click();
      await page.getByRole('heading', { level: 1, name: film.title }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('publishes a video from /create/video, shows its processing, and deletes several at once', async () => {
    const { page, context } = await openPageAs(browser, creator, { viewport: PHONE });
    try {
      await page.goto(`${baseUrl}/create/video`);
      await page.getByLabel('Title').fill('Soundcheck');
      await page.getByLabel('Video file').setInputFiles({
        name: 'soundcheck.mp4',
        mimeType: 'video/mp4',
        buffer: await makeClip({ seconds: 3 }),
      });
      await page.getByText('Video file uploaded.').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Publish' }).click();
      const done = page.getByRole('region', { name: 'Your new video' });
      await done.getByText('Your video is ready.').waitFor({ timeout: 120_000 });
      await done.getByRole('link', { name: 'Watch it' }).waitFor();

      await page.goto(`${baseUrl}/${creator.username}`);
      await page.getByRole('tab', { name: 'Videos' }).click();
      await page.getByRole('button', { name: 'Manage videos' }).click();
      const list = page.getByRole('list', { name: 'Your videos' });
      await list.getByRole('link', { name: 'Soundcheck' }).waitFor();
      await list.getByRole('checkbox', { name: 'Select Soundcheck' }).check();
      await page.getByRole('button', { name: 'Delete selected (1)' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('1 video deleted.').waitFor();
      await list.getByRole('link', { name: 'Soundcheck' }).waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('moves an episode in the edit-episode modal', async () => {
    const { page, context } = await openPageAs(browser, creator, { viewport: DESKTOP });
    try {
      await page.goto(`${baseUrl}/watch/${episodes[1]!._id}?modal=edit-episode/${episodes[1]!._id}`);
      const dialog = page.getByRole('dialog', { name: 'Edit episode' });
      await dialog.getByRole('button', { name: 'Move up' }).click();
      await page.getByText('Moved to position 1.').waitFor();
      const watched = await fetchToWatch(creator, episodes[1]!._id);
      expect(watched.series?.episodes.map((episode) => episode.title)).toEqual([
        'Day two: vocals',
        'Day one: drums',
      ]);
      await dialog.getByRole('button', { name: 'Move down' }).click();
      await page.getByText('Moved to position 2.').waitFor();
    } finally {
      await context.close();
    }
  });
});
