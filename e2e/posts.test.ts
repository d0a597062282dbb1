import { MEDIA_MESSAGES } from '@stagepass/contract/media';
import type { TPostsPage } from '@stagepass/contract/posts';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, callApi, createAccount, makePng, openPageAs } from './support/accounts.ts';
import { findSeriousAccessibilityViolations } from './support/axe.ts';
import { CHROMIUM_PATH, launchBrowser } from './support/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

/** The creator's posts as the API lists them, newest first. */
async function listPosts(viewer: Account | null, creator: Account) {
  const response = await callApi(viewer, `/api/post/fetch-all/${creator.username.slice(1)}`, 'GET');
  expect(response.status).toBe(200);
  return ((await response.json()) as TPostsPage).posts;
}

let creator: Account;
let fan: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  creator = await createAccount('Natasha Phiri', 'natashaphiri', {
    name: 'creator',
    cartegory: 'music artist',
  });
  fan = await createAccount('Kondwani Fan', 'kondwanifan', { name: 'fan' });
});
afterAll(async () => {
  await browser?.close();
});

describe('publishing in the creator studio', () => {
  it('publishes a photo post that shows on the profile with its processed image', async () => {
    const { page, context, problems } = await openPageAs(browser, creator);
    try {
      await page.goto(`${baseUrl}/creators/featured`);
      await page.getByRole('link', { name: 'Create' }).click();
      await page.waitForURL(`${baseUrl}/creator-studio/create`);
      const main = page.getByRole('main');
      for (const kind of ['Video', 'Audio', 'Text'])
        await main.getByRole('link', { name: new RegExp(kind) }).waitFor();
      await main.getByRole('link', { name: /Photo/ }).click();
      await page.waitForURL(`${baseUrl}/create/photo`);
      await main.getByRole('button', { name: 'Publish' }).waitFor();
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);

      // Grain makes the PNG big (~1 MB) and a slow uplink (256 KB/s) makes the upload last,
      // so the progress bar is there to be seen, as on a phone.
      const png = await sharp({
        create: {
          width: 700,
          height: 450,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .png()
        .toBuffer();
      const network = await context.newCDPSession(page);
      await network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 256 * 1024,
      });
      await main
        .getByLabel('Photo file')
        .setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: png });
      await main.getByRole('img', { name: 'Preview of what you chose' }).waitFor();
      const progress = main.getByRole('progressbar', { name: 'Uploading the photo' });
      await expect.poll(() => progress.evaluate((bar: HTMLProgressElement) => bar.value)).toBeGreaterThan(0);
      await main.getByText('Photo uploaded.').waitFor({ timeout: 30_000 });
      expect(await progress.count()).toBe(0);
      await network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await main.getByLabel('Description').fill('Sunset over the Zambezi');
      await main.getByRole('button', { name: 'Publish' }).click();

      await page.getByText('Post has been published successfully').waitFor();
      await page.waitForURL(`${baseUrl}/${creator.username}`);
      const post = main
        .getByRole('article', { name: 'Natasha Phiri' })
        .filter({ hasText: 'Sunset over the Zambezi' });
      await post.waitFor();
      // The author sees the post while the background job makes its variants, then the photo.
      const photo = post.getByRole('img', { name: 'Post by Natasha Phiri' });
      await photo.waitFor({ timeout: 30_000 });
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
      await expect
        .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), {
          timeout: 15_000,
        })
        .toBe(686);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows the server's message when it refuses a file, and removes an upload on request", async () => {
    const { page, context } = await openPageAs(browser, creator);
    try {
      await page.goto(`${baseUrl}/create/photo`);
      const main = page.getByRole('main');
      // A text file renamed to .png: the server reads the bytes, not the name.
      await main.getByLabel('Photo file').setInputFiles({
        name: 'holiday.png',
        mimeType: 'image/png',
        buffer: Buffer.from('These are my holiday notes, not a picture.'),
      });
      await page.getByText(MEDIA_MESSAGES.unsupportedPostType).waitFor();
      await main.getByText('No photo chosen yet.').waitFor();

      await main.getByLabel('Photo file').setInputFiles({
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: await makePng({ r: 20, g: 90, b: 160 }),
      });
      await main.getByText('Photo uploaded.').waitFor();
      const uploaded = page.waitForResponse((response) => response.url().includes('/api/media/upload'));
      await main.getByLabel('Photo file').setInputFiles({
        name: 'cover-2.png',
        mimeType: 'image/png',
        buffer: await makePng({ r: 160, g: 90, b: 20 }),
      });
      const { public_id: publicId } = await (await uploaded).json();
      await main.getByText('Photo uploaded.').waitFor();
      await main.getByRole('button', { name: 'Remove photo' }).click();
      await page.getByText(MEDIA_MESSAGES.deleted).waitFor();
      await main.getByText('No photo chosen yet.').waitFor();
      expect((await callApi(creator, `/api/media/${publicId}/status`, 'GET')).status).toBe(404);
    } finally {
      await context.close();
    }
  });

  it('publishes a text post, with a price for pay-to-unlock checked first', async () => {
    const { page, context } = await openPageAs(browser, creator);
    try {
      await page.goto(`${baseUrl}/create/text`);
      const main = page.getByRole('main');
      await main.getByLabel('What do you want to say?').fill('New single out on Friday!');
      await main.getByRole('radio', { name: /Pay to unlock/ }).check();
      await main.getByLabel('Price (K)').fill('0.5');
      await main.getByRole('button', { name: 'Publish' }).click();
      await main.getByText('Set a price between K1 and K10,000.').waitFor();
      await main.getByRole('radio', { name: /Everyone/ }).check();
      await main.getByRole('button', { name: 'Publish' }).click();

      await page.getByText('Post has been published successfully').waitFor();
      await page.waitForURL(`${baseUrl}/${creator.username}`);
      await main.getByRole('article').filter({ hasText: 'New single out on Friday!' }).waitFor();
      const posts = await listPosts(null, creator);
      expect(posts.map((post) => post.type)).toEqual(['text', 'photo']);
    } finally {
      await context.close();
    }
  });

  it('keeps fans and signed-out visitors out', async () => {
    const { page, context } = await openPageAs(browser, fan);
    try {
      await page.goto(`${baseUrl}/create/photo`);
      await page.getByRole('heading', { name: 'For creators' }).waitFor();
      await context.clearCookies();
      await page.goto(`${baseUrl}/creator-studio/create`);
      await page.getByRole('main').getByRole('button', { name: 'Sign In' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('reactions', () => {
  it('moves the count at once, survives a reload, and the same reaction again takes it back', async () => {
    const [textPost] = await listPosts(fan, creator);
    const { page, context, problems } = await openPageAs(browser, fan);
    try {
      await page.goto(`${baseUrl}/feed/${textPost?.postId}`);
      const post = page.getByRole('article', { name: 'Natasha Phiri' });
      await post.getByText('New single out on Friday!').waitFor();
      // Not the author: no Delete.
      expect(await post.getByRole('button', { name: 'Delete' }).count()).toBe(0);

      // The server's answer is held back: the count must not wait for it.
      let releaseAnswer: () => void = () => {};
      const answerHeld = new Promise<void>((resolve) => {
        releaseAnswer = resolve;
      });
      await page.route('**/api/post/update/*', async (route) => {
        await answerHeld;
        await route.continue();
      });
      const answered = page.waitForResponse((response) => response.url().includes('/api/post/update/'));
      await post.getByRole('button', { name: 'Like' }).click();
      const counts = post.getByRole('list', { name: 'Reactions' });
      await counts.getByText('Love: 1').waitFor();
      releaseAnswer();
      expect((await answered).status()).toBe(200);
      await page.unroute('**/api/post/update/*');

      await page.reload();
      await counts.getByText('Love: 1').waitFor();
      await post.getByRole('button', { name: 'Love', pressed: true }).waitFor();

      // The keyboard: ArrowUp opens the popper on the viewer's reaction; Haha replaces Love.
      await post.getByRole('button', { name: 'Love', pressed: true }).focus();
      await page.keyboard.press('ArrowUp');
      const menu = post.getByRole('menu', { name: 'Reactions' });
      await menu.getByRole('menuitemradio', { name: 'Love', checked: true }).waitFor();
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await counts.getByText('Haha: 1').waitFor();
      expect(await counts.getByText('Love').count()).toBe(0);

      // The same reaction again, from the popper, takes it back.
      await post.getByRole('button', { name: 'More reactions' }).click();
      const saved = page.waitForResponse((response) => response.url().includes('/api/post/update/'));
      await menu.getByRole('menuitemradio', { name: 'Haha' }).click();
      await counts.waitFor({ state: 'detached' });
      await post.getByRole('button', { name: 'Like', pressed: false }).waitFor();
      expect((await saved).status()).toBe(200);
      await page.reload();
      await post.getByText('New single out on Friday!').waitFor();
      expect(await post.getByRole('list', { name: 'Reactions' }).count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('rolls a refused reaction back without a word', async () => {
    const [textPost] = await listPosts(fan, creator);
    const { page, context } = await openPageAs(browser, fan);
    try {
      await page.goto(`${baseUrl}/feed/${textPost?.postId}`);
      const post = page.getByRole('article', { name: 'Natasha Phiri' });
      await post.getByText('New single out on Friday!').waitFor();
      await page.route('**/api/post/update/*', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"success":false,"message":"x","code":"X"}',
        }),
      );
      const refused = page.waitForResponse((response) => response.url().includes('/api/post/update/'));
      await post.getByRole('button', { name: 'Like' }).click();
      await refused;
      await post.getByRole('button', { name: 'Like', pressed: false }).waitFor();
      expect(await post.getByRole('list', { name: 'Reactions' }).count()).toBe(0);
      expect(await page.getByText('An error occured!').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('the home feed', () => {
  it('shows the posts of the creators the fan follows', async () => {
    expect((await callApi(fan, `/api/users/${creator.username.slice(1)}/follow`, 'POST', {})).status).toBe(
      200,
    );
    const { page, context } = await openPageAs(browser, fan);
    try {
      await page.goto(`${baseUrl}/feed`);
      const list = page.getByRole('list', { name: 'Posts of creators you follow' });
      await list.getByRole('article').filter({ hasText: 'New single out on Friday!' }).waitFor();
      await list.getByRole('article').filter({ hasText: 'Sunset over the Zambezi' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('the camera recorder', () => {
  it('records, pauses, resumes and stops, then publishes the recording as a video post', async () => {
    // Chromium's fake camera: a test pattern instead of a device, allowed without asking.
    const cameraBrowser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
    });
    try {
      const context = await cameraBrowser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addCookies([...creator.cookies].map(([name, value]) => ({ name, value, url: baseUrl })));
      const page = await context.newPage();
      await page.goto(`${baseUrl}/create/video`);
      await page.getByRole('button', { name: 'Record a video' }).click();
      const dialog = page.getByRole('dialog', { name: 'Record a short video' });
      const status = dialog.getByRole('status');
      await status.getByText('Ready').waitFor();
      await dialog.getByRole('button', { name: 'Start recording' }).click();
      await status.getByText('Recording').waitFor();
      await status.getByText('0:02').waitFor();
      await dialog.getByRole('button', { name: 'Pause' }).click();
      await status.getByText('Paused').waitFor();
      const pausedAt = await status.locator('time').textContent();
      await page.waitForTimeout(1500);
      expect(await status.locator('time').textContent()).toBe(pausedAt);
      await dialog.getByRole('button', { name: 'Resume' }).click();
      await status.getByText('Recording').waitFor();
      await dialog.getByRole('button', { name: 'Stop' }).click();
      await dialog.getByLabel('Your recording').waitFor();
      await dialog.getByRole('button', { name: 'Record again' }).waitFor();
      await dialog.getByRole('button', { name: 'Use this video' }).click();
      await dialog.waitFor({ state: 'detached' });

      const main = page.getByRole('main');
      await main.getByLabel('Preview of your video').waitFor();
      await main.getByText('Video uploaded.').waitFor({ timeout: 20_000 });
      await main.getByLabel('Description').fill('Backstage in Lusaka');
      await main.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Post has been published successfully').waitFor();
      await page.waitForURL(`${baseUrl}/${creator.username}`);
      const post = main.getByRole('article').filter({ hasText: 'Backstage in Lusaka' });
      await post.getByLabel('Video by Natasha Phiri').waitFor({ timeout: 120_000 });
      // Others see it once the catalogue has published it, a moment after its file is ready.
      let newest: Awaited<ReturnType<typeof listPosts>>[number] | undefined;
      await expect
        .poll(async () => {
          [newest] = await listPosts(null, creator);
          return newest?.description;
        })
        .toBe('Backstage in Lusaka');
      expect(newest?.type).toBe('video');
      expect(newest?.postAssets.video?.poster).toBeTruthy();
      // The stream loads only when the viewer presses play: its master playlist, under the
      // folder token the post read gave.
      const master = newest?.postAssets.video?.secure_url;
      expect(master).toMatch(/^\/media\/folder\/[^/]+\/[A-Za-z0-9_-]+\/hls\/master\.m3u8$/);
      const streamRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/media/folder/')) streamRequests.push(new URL(request.url()).pathname);
      });
      await page.waitForTimeout(500);
      expect(streamRequests).toEqual([]);
      const playlistRequested = page.waitForRequest((request) =>
        new URL(request.url()).pathname.endsWith(`/${newest?.postAssets.video?.public_id}/hls/master.m3u8`),
      );
      await post.getByRole('button', { name: 'Play Natasha Phiri’s video' }).click();
      await playlistRequested;
      await expect.poll(() => post.getByLabel('Video by Natasha Phiri').getAttribute('controls')).toBe('');
    } finally {
      await cameraBrowser.close();
    }
    // Recording, uploading and the streaming ladder's conversion (three rungs now, not one
    // MP4) of the recording, with the post waiting for it.
  }, 150_000);
});

describe('deleting', () => {
  it('asks the author to confirm, then removes the post and says so', async () => {
    const { page, context } = await openPageAs(browser, creator);
    try {
      await page.goto(`${baseUrl}/${creator.username}`);
      const post = page.getByRole('article').filter({ hasText: 'New single out on Friday!' });
      await post.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete post' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await post.waitFor();

      await post.getByRole('button', { name: 'Delete' }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('The post has been deleted.').waitFor();
      await post.waitFor({ state: 'detached' });
      const remaining = (await listPosts(null, creator)).map((item) => item.description);
      expect(remaining).not.toContain('New single out on Friday!');
      expect(remaining).toContain('Sunset over the Zambezi');
    } finally {
      await context.close();
    }
  });
});
