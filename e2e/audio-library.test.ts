import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AUDIO_MESSAGES, type TAudio, type TAudiosPage } from '@stagepass/contract/audio';
import { MEDIA_MESSAGES } from '@stagepass/contract/media';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findMediaTools } from '../server/src/modules/media/processing/media-tools.ts';
import { runTool } from '../server/src/modules/media/processing/run-tool.ts';
import { type Account, callApi, createAccount, makePng, openPageAs } from './support/accounts.ts';
import { waitForAudio } from './support/audio.ts';
import { findSeriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser, PHONE } from './support/browser.ts';
import { findLayoutProblems, findLayoutProblemsWhileTyping } from './support/layout-check.ts';

// A creator publishes a track through /create/audio with a real audio file (a tone made
// by ffmpeg here) and finds it in the Audio tab of their profile; the tab's list fails in
// the spec's words and shows ten skeletons while it waits; the author deletes a track and
// removes a cover from the track's menu; a fan picks a track in the play-creator-songs
// modal; and at 360 px, light and dark, nothing sticks out.
const baseUrl = inject('baseUrl');
const PROCESSING_TIMEOUT = 60_000;
let browser: Browser;
let creator: Account;
let fan: Account;
let tone: Buffer;

/** A tone of the given length as an MP3, made by the same ffmpeg the server uses. */
async function makeTone(seconds: number, frequency: number): Promise<Buffer> {
  const { ffmpeg } = await findMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-e2e-tone-'));
  try {
    const file = path.join(dir, 'tone.mp3');
    await runTool(
      ffmpeg,
      [
        ...['-nostdin', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=${seconds}`],
        ...['-c:a', 'libmp3lame', '-b:a', '128k', file],
      ],
      { timeoutMs: 60_000 },
    );
    return await fs.readFile(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Uploads a file as a post's media through the API, as the form's upload does. */
async function uploadMedia(account: Account, data: Buffer, name: string, type: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const response = await fetch(`${baseUrl}/api/media/upload?purpose=post`, {
    method: 'POST',
    headers: {
      origin: baseUrl,
      cookie: [...account.cookies].map(([key, value]) => `${key}=${value}`).join('; '),
    },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { public_id: string }).public_id;
}

/** A track published through the API, its audio (and cover) uploaded for real. */
async function publishTrack(title: string, { withCover = false } = {}): Promise<TAudio> {
  const audioPublicId = await uploadMedia(creator, tone, `${title}.mp3`, 'audio/mpeg');
  const coverPublicId = withCover
    ? await uploadMedia(creator, await makePng({ r: 200, g: 60, b: 90 }), 'cover.png', 'image/png')
    : null;
  const response = await callApi(creator, '/api/audio/create', 'POST', {
    title,
    genre: 'Zamrock',
    audio_asset: { public_id: audioPublicId },
    cover_asset: coverPublicId ? { public_id: coverPublicId } : null,
    visibility: 'everyone',
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { audio: TAudio }).audio;
}

/** The creator's tracks as the API lists them to a viewer, newest first (first page). */
async function listTracks(viewer: Account | null): Promise<TAudio[]> {
  const response = await callApi(viewer, `/api/audio/profile-audios/${creator.username.slice(1)}/0`, 'GET');
  expect(response.status).toBe(200);
  return ((await response.json()) as TAudiosPage).audios;
}

/** Opens the creator's profile on its Audio tab and answers the list of tracks. */
async function openAudioTab(page: Page) {
  await page.goto(`${baseUrl}/${creator.username}`);
  const main = page.getByRole('main');
  await main.getByRole('tab', { name: 'Audio' }).click();
  return main;
}

/** Each row's title, meta and badge stay left of its play icon (they wrap rather than run under it). */
function findRowsRunningUnderTheirIcons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.audio-track__row')].flatMap((row) => {
      const text = row.querySelector('.audio-track__text');
      const icon = row.querySelector('.audio-track__play');
      if (!text || !icon) return [];
      const iconLeft = icon.getBoundingClientRect().left;
      return [...text.querySelectorAll('*')]
        .filter((element) => element.getBoundingClientRect().width > 1)
        .filter((element) => element.getBoundingClientRect().right > iconLeft + 0.5)
        .map((element) => `"${element.textContent?.trim().slice(0, 40)}" runs under the play icon`);
    }),
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  [creator, fan, tone] = await Promise.all([
    createAccount('Natasha Chileshe Phiri', 'natashaaudio', { name: 'creator', cartegory: 'music artist' }),
    createAccount('Kondwani Listener', 'kondwanilistener', { name: 'fan' }),
    // 40 s at 128 kb/s, about 640 KB: long enough for its upload's progress to be seen on a
    // slow uplink, and for the 30-second preview to be a part of it.
    makeTone(40, 440),
  ]);
});
afterAll(async () => {
  await browser?.close();
});

describe('publishing a track', () => {
  it('publishes through /create/audio with its upload progress, then opens the player and lists it', async () => {
    const { page, context, problems } = await openPageAs(browser, creator);
    try {
      const created: Record<string, unknown>[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/api/audio/create'))
          created.push(JSON.parse(request.postData() ?? '{}'));
      });
      await page.goto(`${baseUrl}/creator-studio/create`);
      const main = page.getByRole('main');
      await main.getByRole('link', { name: /Audio/ }).click();
      await page.waitForURL(`${baseUrl}/create/audio`);
      await main.getByRole('heading', { level: 1, name: 'Create an audio post' }).waitFor();

      // Checked here, in the server's words, and nothing is sent; the first field takes the focus.
      await main.getByRole('button', { name: 'Publish' }).click();
      await main.getByText(AUDIO_MESSAGES.titleRequired).waitFor();
      await main.getByText(AUDIO_MESSAGES.genreRequired).waitFor();
      await main.getByText(AUDIO_MESSAGES.audioRequired).waitFor();
      expect(await main.getByLabel('Title').evaluate((field) => field === document.activeElement)).toBe(true);
      expect(created).toEqual([]);
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);

      await main.getByLabel('Title').fill('Lusaka Nights');
      const genre = main.getByLabel('Genre');
      // Grouped as the contract groups them.
      expect(
        await genre
          .locator('optgroup')
          .evaluateAll((groups) => groups.map((group) => group.getAttribute('label'))),
      ).toEqual(['Music', 'Podcasts and spoken word']);
      await genre.selectOption('Kalindula');
      await main.getByLabel('Cover photo').setInputFiles({
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: await makePng({ r: 30, g: 140, b: 90 }),
      });
      await main.getByText('Cover photo uploaded.').waitFor();

      // A slow uplink (256 KB/s), as on a phone: the labelled progress bar moves.
      const network = await context.newCDPSession(page);
      await network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 256 * 1024,
      });
      await main
        .getByLabel('Audio file')
        .setInputFiles({ name: 'lusaka-nights.mp3', mimeType: 'audio/mpeg', buffer: tone });
      const progress = main.getByRole('progressbar', { name: 'Uploading the audio file' });
      await expect.poll(() => progress.evaluate((bar: HTMLProgressElement) => bar.value)).toBeGreaterThan(0);
      expect(await main.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
      await main.getByText('Audio file uploaded.').waitFor({ timeout: 30_000 });
      expect(await progress.count()).toBe(0);
      await network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await main.getByLabel('Preview of your audio file').waitFor();
      expect(await main.getByText(AUDIO_MESSAGES.audioRequired).count()).toBe(0);

      // Pay to unlock: the price is typed in kwacha, checked, and sent in ngwee.
      await main.getByRole('radio', { name: /Pay to unlock/ }).check();
      await main.getByLabel('Price (K)').fill('0.5');
      await main.getByRole('button', { name: 'Publish' }).click();
      await main.getByText(AUDIO_MESSAGES.priceRange).waitFor();
      expect(created).toEqual([]);
      await main.getByLabel('Price (K)').fill('25.50');
      await main.getByRole('button', { name: 'Publish' }).click();

      await page.getByText('Post has been published successfully', { exact: true }).waitFor();
      expect(created).toHaveLength(1);
      expect(created[0]).toMatchObject({
        title: 'Lusaka Nights',
        genre: 'Kalindula',
        visibility: 'pay-to-unlock',
        price: 2550,
      });
      const audioId = created[0]?.audioId as string;
      expect(audioId).toMatch(/^[A-Za-z0-9_-]{16}$/);
      await page.waitForURL(`${baseUrl}/${creator.username}/audio/${audioId}`);

      const [track] = await listTracks(creator);
      expect(track).toMatchObject({
        audioId,
        title: 'Lusaka Nights',
        price: 2550,
        profileInteraction: 'AUTHOR',
      });
      expect(track?.cover_asset).not.toBeNull();

      // The Audio tab lists it; its length shows once processing is done (the list asks again meanwhile).
      const tab = await openAudioTab(page);
      const list = tab.getByRole('list', { name: 'Tracks of Natasha Chileshe Phiri' });
      const link = list.getByRole('link', { name: 'Play Lusaka Nights' });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(`/${creator.username}/audio/${audioId}`);
      const row = list
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: 'Play Lusaka Nights' }) });
      await row.getByText('Kalindula').waitFor();
      await row.getByText('Pay to unlock · K25.50').waitFor();
      await row.getByText('0:40').waitFor({ timeout: PROCESSING_TIMEOUT });
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("says the server's words when a file is not what its field asks for", async () => {
    const { page, context } = await openPageAs(browser, creator);
    try {
      await page.goto(`${baseUrl}/create/audio`);
      const main = page.getByRole('main');
      // A text file named .mp3: the server reads the bytes, not the name.
      await main.getByLabel('Audio file').setInputFiles({
        name: 'song.mp3',
        mimeType: 'audio/mpeg',
        buffer: Buffer.from('These are the lyrics, not the song.'),
      });
      await page.getByText(MEDIA_MESSAGES.unsupportedPostType).waitFor();
      await main.getByText('No audio file chosen yet.').waitFor();
      // A photo is a file the server takes, but not as a track's audio.
      await main.getByLabel('Audio file').setInputFiles({
        name: 'photo.mp3',
        mimeType: 'audio/mpeg',
        buffer: await makePng({ r: 10, g: 10, b: 10 }),
      });
      await page.getByText(AUDIO_MESSAGES.notAnAudio).waitFor();
      await main.getByText('No audio file chosen yet.').waitFor();
    } finally {
      await context.close();
    }
  });
});

describe("the profile's Audio tab", () => {
  it("shows the spec's words when the list fails, then ten skeletons while it waits", async () => {
    const { page, context } = await openPageAs(browser, fan);
    try {
      let isFailing = true;
      let releaseAnswer: () => void = () => {};
      const answerHeld = new Promise<void>((resolve) => {
        releaseAnswer = resolve;
      });
      await page.route('**/api/audio/profile-audios/**', async (route) => {
        if (isFailing) return route.abort('internetdisconnected');
        await answerHeld;
        return route.continue();
      });
      const main = await openAudioTab(page);
      const failure = main.getByRole('alert');
      await failure.getByText('Unable to load tracks!', { exact: true }).waitFor();
      await failure
        .getByText("Make sure your're connected to the internet and try again..", { exact: true })
        .waitFor();

      isFailing = false;
      await failure.getByRole('button', { name: 'Try again' }).click();
      // The spec's "Audio list skeleton count 10", while the answer is held back.
      await expect.poll(() => main.getByTestId('audio-skeleton').count()).toBe(10);
      expect(
        await main.getByRole('list', { name: 'Tracks of Natasha Chileshe Phiri' }).getAttribute('aria-busy'),
      ).toBe('true');
      releaseAnswer();
      await main.getByRole('link', { name: 'Play Lusaka Nights' }).waitFor();
      expect(await main.getByTestId('audio-skeleton').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('shows a fan the lock with the price of a pay-to-unlock track', async () => {
    const { page, context, problems } = await openPageAs(browser, fan);
    try {
      const main = await openAudioTab(page);
      const row = main
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: 'Play Lusaka Nights' }) });
      await row.getByText('Locked: K25.50').waitFor();
      // A fan has no menu of the author's.
      expect(await row.getByRole('button').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("lets the author delete a track by keyboard, remove a cover and read a track's performance", async () => {
    const doomed = await publishTrack('Demo take to delete');
    const covered = await publishTrack('Chipolopolo', { withCover: true });
    await expect
      .poll(
        async () =>
          (await listTracks(creator)).find((track) => track.audioId === covered.audioId)?.cover_asset,
        {
          timeout: PROCESSING_TIMEOUT,
        },
      )
      .not.toBeNull();
    const { page, context, problems } = await openPageAs(browser, creator);
    try {
      const main = await openAudioTab(page);
      const list = main.getByRole('list', { name: /Tracks of/ });
      await list.getByRole('link', { name: 'Play Demo take to delete' }).waitFor();

      // The menu by keyboard: Enter opens it with the focus inside, End goes to its last item.
      const trigger = list.getByRole('button', { name: 'Options for Demo take to delete' });
      await trigger.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await expect
        .poll(() => menu.evaluate((element) => element.contains(document.activeElement)))
        .toBe(true);
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Performance', 'Delete track']);
      await page.keyboard.press('End');
      await expect
        .poll(() =>
          menu
            .getByRole('menuitem', { name: 'Delete track' })
            .evaluate((item) => item === document.activeElement),
        )
        .toBe(true);
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: 'Delete track' });
      await confirm.getByRole('button', { name: 'Cancel' }).waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByText(AUDIO_MESSAGES.trackDeleted, { exact: true }).waitFor();
      await list.getByRole('link', { name: 'Play Demo take to delete' }).waitFor({ state: 'detached' });
      expect((await listTracks(creator)).map((track) => track.audioId)).not.toContain(doomed.audioId);

      // Remove cover: the answer's message in a toast, and the row shows the placeholder.
      const coveredRow = list
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: 'Play Chipolopolo' }) });
      await expect.poll(() => coveredRow.locator('img').count()).toBe(1);
      await coveredRow.getByRole('button', { name: 'Options for Chipolopolo' }).click();
      await page.getByRole('menuitem', { name: 'Remove cover' }).click();
      await page
        .getByRole('dialog', { name: 'Remove cover' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await page.getByText(AUDIO_MESSAGES.coverDeleted, { exact: true }).waitFor();
      await expect.poll(() => coveredRow.locator('img').count()).toBe(0);
      expect(
        (await listTracks(creator)).find((track) => track.audioId === covered.audioId)?.cover_asset,
      ).toBeNull();

      // Performance: the figures under the row, earnings in kwacha.
      await coveredRow.getByRole('button', { name: 'Options for Chipolopolo' }).click();
      await page.getByRole('menuitem', { name: 'Performance' }).click();
      const figures = coveredRow.getByRole('region', { name: 'Performance of Chipolopolo' });
      for (const term of ['Plays', 'Listeners', 'Reactions', 'Unlocks', 'Earnings'])
        await figures.getByText(term, { exact: true }).waitFor();
      await figures.getByText('K0', { exact: true }).waitFor();
      await figures.getByRole('button', { name: 'Hide performance' }).click();
      await figures.waitFor({ state: 'detached' });
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the play-creator-songs modal', () => {
  it("opens from 'Play songs' on the creator's profile, and picking a track plays it at once on its player page", async () => {
    const [newest] = await listTracks(fan);
    const { page, context, problems } = await openPageAs(browser, fan);
    try {
      await page.goto(`${baseUrl}/${creator.username}`);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Play songs' }).click();
      const dialog = page.getByRole('dialog', { name: 'Play songs' });
      expect(new URL(page.url()).searchParams.get('modal')).toBe(`play-creator-songs/${creator.username}`);
      const list = dialog.getByRole('list', { name: 'Tracks of Natasha Chileshe Phiri' });
      await list.getByRole('link', { name: 'Play Lusaka Nights' }).waitFor();
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
      await list.getByRole('link', { name: `Play ${newest?.title}` }).click();
      await page.waitForURL(`${baseUrl}/${creator.username}/audio/${newest?.audioId}`);
      await dialog.waitFor({ state: 'detached' });
      // The one tap plays it: no second tap on the player page, whose code loaded after it.
      const started = await waitForAudio(
        page,
        (audio) => !audio.paused && audio.src.includes(newest!.audio_asset.public_id),
        PROCESSING_TIMEOUT,
      );
      await waitForAudio(page, (audio) => !audio.paused && audio.currentTime > started.currentTime + 0.3);
      await page.getByRole('main').getByRole('button', { name: 'Pause' }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe.each(['light', 'dark'] as const)('at 360 px in %s mode', (colorScheme) => {
  it('fits the Audio tab, its menu and figures, the modal and /create/audio', async () => {
    for (const viewer of [creator, fan]) {
      const { page, context, problems } = await openPageAs(browser, viewer, { viewport: PHONE, colorScheme });
      try {
        const main = await openAudioTab(page);
        await main.getByRole('link', { name: 'Play Lusaka Nights' }).waitFor();
        await main.getByRole('button', { name: 'Play songs' }).waitFor();
        expect(await findLayoutProblems(page)).toEqual([]);
        expect(await findRowsRunningUnderTheirIcons(page)).toEqual([]);
        expect(await findSeriousAccessibilityViolations(page)).toEqual([]);

        if (viewer === creator) {
          // The author's menu is a bottom sheet on a phone; the figures open under the row.
          await main.getByRole('button', { name: 'Options for Lusaka Nights' }).click();
          const sheet = page.getByRole('dialog', { name: 'Lusaka Nights' });
          await sheet.getByRole('menuitem', { name: 'Performance' }).click();
          await main
            .getByRole('region', { name: 'Performance of Lusaka Nights' })
            .getByText('Earnings')
            .waitFor();
          expect(await findLayoutProblems(page)).toEqual([]);

          await page.goto(`${baseUrl}/create/audio`);
          await page
            .getByRole('main')
            .getByRole('radio', { name: /Pay to unlock/ })
            .check();
          expect(await findLayoutProblems(page)).toEqual([]);
          expect(await findLayoutProblemsWhileTyping(page)).toEqual([]);
        } else {
          await main.getByRole('button', { name: 'Play songs' }).click();
          const dialog = page.getByRole('dialog', { name: 'Play songs' });
          await dialog.getByRole('link', { name: 'Play Lusaka Nights' }).waitFor();
          expect(await findLayoutProblems(page)).toEqual([]);
          expect(await findRowsRunningUnderTheirIcons(page)).toEqual([]);
        }
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
