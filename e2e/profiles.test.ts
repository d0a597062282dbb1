import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, callApi, createAccount, makePng, openPageAs } from './support/accounts.ts';
import { findSeriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser, PHONE } from './support/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

let creator: Account;
let fan: Account;
let editor: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  creator = await createAccount('Chanda Mwale', 'chandamwale', {
    name: 'creator',
    cartegory: 'music artist',
  });
  fan = await createAccount('Bupe Fan', 'bupefan', { name: 'fan' });
  editor = await createAccount('Eli Editor', 'elieditor', { name: 'creator', cartegory: 'podcaster' });
});
afterAll(async () => {
  await browser?.close();
});

describe('a profile seen by a signed-out visitor', () => {
  it('shows the profile with Sign In and Sign Up, and asks to sign in to follow', async () => {
    const { page, context, problems } = await openPageAs(browser, null);
    try {
      await page.goto(`${baseUrl}/${creator.username}`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: 'Chanda Mwale' }).waitFor();
      expect(await page.title()).toBe('Chanda Mwale · Stagepass');
      await main.getByText('@chandamwale').waitFor();
      await main.getByText('Music artist').waitFor();
      await main.getByText('0 followers').waitFor();
      await main.getByRole('button', { name: 'Sign Up' }).waitFor();
      for (const tab of ['Posts', 'Videos', 'Audio']) await main.getByRole('tab', { name: tab }).waitFor();

      await main.getByRole('button', { name: 'Follow', exact: true }).click();
      await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
      // no-redirect: after signing in the visitor stays on this profile.
      expect(new URL(page.url()).searchParams.get('modal')).toBe('signin/no-redirect');
      expect(new URL(page.url()).pathname).toBe(`/${creator.username}`);
      await page.keyboard.press('Escape');

      await main.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('answers an unknown username with a not-found page', async () => {
    const { page, context } = await openPageAs(browser, null);
    try {
      const response = await fetch(`${baseUrl}/api/users/nobody.here`);
      expect(response.status).toBe(404);
      await page.goto(`${baseUrl}/@nobody.here`);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('following', () => {
  it('moves the count at once, keeps it after a reload, and rolls back a failure', async () => {
    const { page, context } = await openPageAs(browser, fan);
    try {
      await page.goto(`${baseUrl}/${creator.username}`);
      const main = page.getByRole('main');
      await main.getByText('0 followers').waitFor();

      // The server's answer is held back: the page must not wait for it.
      let releaseAnswer: () => void = () => {};
      const answerHeld = new Promise<void>((resolve) => {
        releaseAnswer = resolve;
      });
      await page.route('**/api/users/*/follow', async (route) => {
        await answerHeld;
        await route.continue();
      });
      const answered = page.waitForResponse((response) => response.url().endsWith('/follow'));
      await main.getByRole('button', { name: 'Follow', exact: true }).click();
      await main.getByText('1 follower', { exact: true }).waitFor();
      await main.getByRole('button', { name: 'Unfollow' }).waitFor();
      releaseAnswer();
      expect((await answered).status()).toBe(200);
      await page.unroute('**/api/users/*/follow');

      await page.reload();
      await main.getByText('1 follower', { exact: true }).waitFor();
      await main.getByRole('button', { name: 'Unfollow' }).waitFor();

      // A refused follow puts everything back and says so.
      await page.route('**/api/users/*/follow', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }),
      );
      await main.getByRole('button', { name: 'Unfollow' }).click();
      await page.getByText('An error occured!').waitFor();
      await main.getByText('1 follower', { exact: true }).waitFor();
      await main.getByRole('button', { name: 'Unfollow' }).waitFor();
      await page.unroute('**/api/users/*/follow');

      // The read-only options menu unfollows too.
      await main.getByRole('button', { name: 'Profile options' }).click();
      await page.getByRole('menuitem', { name: 'Unfollow' }).click();
      await main.getByText('0 followers').waitFor();
      await main.getByRole('button', { name: 'Follow', exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('the Edit Profile modal', () => {
  it('requires a category, caps the bio at 100 with a counter, and saves a new username', async () => {
    const { page, context } = await openPageAs(browser, editor);
    try {
      await page.goto(`${baseUrl}/${editor.username}`);
      await page.getByRole('main').getByRole('button', { name: 'Edit Profile' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
      await dialog.getByLabel('Name', { exact: true }).waitFor();

      let saves = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/users/profile') && request.method() === 'PUT') saves += 1;
      });
      await dialog.getByLabel('Category').selectOption('');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Cartegory is required!').waitFor();
      expect(saves).toBe(0);

      const bio = dialog.getByLabel('Bio');
      await bio.fill('');
      await bio.pressSequentially('x'.repeat(12));
      await dialog.getByText('12/100').waitFor();
      await bio.fill('Stories from the Copperbelt. '.repeat(5));
      expect((await bio.inputValue()).length).toBe(100);
      await dialog.getByText('100/100').waitFor();

      await dialog.getByLabel('Category').selectOption('podcaster');
      await dialog.getByLabel('Name', { exact: true }).fill('Eli Mumba');
      await dialog.getByLabel('Username').fill('@elimumba');
      await dialog.getByText("'@elimumba' is available").waitFor();
      await dialog.getByRole('button', { name: 'Save' }).click();

      await page.waitForURL(`${baseUrl}/@elimumba`);
      await dialog.waitFor({ state: 'detached' });
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: 'Eli Mumba' }).waitFor();
      await main.getByText('Stories from the Copperbelt.', { exact: false }).waitFor();
      editor.username = '@elimumba';
      editor.name = 'Eli Mumba';
    } finally {
      await context.close();
    }
  });

  it('uploads an avatar, previews it, and shows it on the profile, in the top bar and on own posts once saved', async () => {
    const post = await callApi(editor, '/api/post/create', 'POST', {
      type: 'text',
      description: 'A new episode on Friday.',
    });
    expect(post.status).toBe(201);
    const { page, context } = await openPageAs(browser, editor);
    try {
      await page.goto(`${baseUrl}/${editor.username}?modal=edit-account`);
      const accountMenu = page.getByRole('banner').getByRole('button', { name: 'Account menu' });
      // Before: the top bar shows the initial, no picture.
      await accountMenu.getByText('E', { exact: true }).waitFor();
      const dialog = page.getByRole('dialog', { name: 'Edit Profile' });

      // A file that is not an image: the server's own message, in a toast.
      let chooser = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: 'Change photo' }).click();
      await (await chooser).setFiles({
        name: 'notes.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not a png'),
      });
      await page.getByText('This file is not an image we can use (JPEG, PNG, WebP, GIF or HEIC).').waitFor();

      chooser = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: 'Change photo' }).click();
      const uploaded = page.waitForResponse((response) => response.url().includes('/api/media/upload'));
      await (await chooser).setFiles({
        name: 'portrait.png',
        mimeType: 'image/png',
        buffer: await makePng({ r: 200, g: 80, b: 40 }),
      });
      expect((await uploaded).status()).toBe(201);
      await dialog.getByText('Photo ready: save to keep it.').waitFor();
      const preview = dialog.getByRole('img', { name: `Avatar of ${editor.name}` });
      expect(await preview.getAttribute('src')).toMatch(/^\/media\/.+\/avatar256\.webp$/);

      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      const avatar = page.getByRole('main').getByRole('img', { name: `Avatar of ${editor.name}` });
      await avatar.waitFor();
      // Really drawn: the browser fetched and decoded the 256 px WebP.
      await expect.poll(() => avatar.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(256);
      const savedUrl = await avatar.getAttribute('src');

      // One source for the person's picture: the top bar and their own post follow at once,
      // and still after a reload.
      for (const when of ['at once', 'after a reload']) {
        if (when === 'after a reload') await page.reload();
        await expect
          .poll(() => accountMenu.locator('img').getAttribute('src'), { message: when })
          .toBe(savedUrl);
        const postAvatar = page.getByRole('article', { name: editor.name }).locator('img').first();
        await expect.poll(() => postAvatar.getAttribute('src'), { message: when }).toBe(savedUrl);
      }
    } finally {
      await context.close();
    }
  });
});

describe('report or block', () => {
  it("needs a reason, and a text for 'Other', then says 'Report submited!'", async () => {
    const { page, context } = await openPageAs(browser, fan);
    try {
      await page.goto(`${baseUrl}/${creator.username}`);
      await page.getByRole('main').getByRole('button', { name: 'Profile options' }).click();
      await page.getByRole('menuitem', { name: 'Report or block' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report or block' });
      await dialog.getByRole('radio', { name: 'This profile is fake!' }).waitFor();

      await dialog.getByRole('button', { name: 'Report' }).click();
      await dialog.getByText('Choose a reason.').waitFor();

      await dialog.getByRole('radio', { name: 'Other' }).check();
      await dialog.getByRole('button', { name: 'Report' }).click();
      await dialog.getByText('Reason for the report is required!').waitFor();

      await dialog.getByLabel('Tell us more').fill('Uses photos of another artist.');
      await dialog.getByRole('button', { name: 'Report' }).click();
      await page.getByText('Report submited!').waitFor();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe(`/${creator.username}`);
    } finally {
      await context.close();
    }
  });
});

describe('the profile page at 360 px, and its accessibility', () => {
  const schemes = ['light', 'dark'] as const;

  it.each(schemes)(
    'is no wider than a 360 px phone, for its owner and a visitor (%s)',
    async (colorScheme) => {
      for (const account of [creator, null]) {
        const { page, context } = await openPageAs(browser, account, { viewport: PHONE, colorScheme });
        try {
          await page.goto(`${baseUrl}/${creator.username}`);
          const main = page.getByRole('main');
          await main.getByRole('heading', { level: 1, name: 'Chanda Mwale' }).waitFor();
          await main.getByRole('button', { name: account ? 'Edit Profile' : 'Sign Up' }).waitFor();
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        } finally {
          await context.close();
        }
      }
    },
  );

  it.each(schemes)('has no serious or critical axe violations (%s)', async (colorScheme) => {
    for (const account of [creator, fan]) {
      const { page, context } = await openPageAs(browser, account, { colorScheme });
      try {
        await page.goto(`${baseUrl}/${creator.username}`);
        await page
          .getByRole('main')
          .getByRole('button', { name: account === creator ? 'Edit Profile' : 'Profile options' })
          .waitFor();
        expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('has none with the Edit Profile modal open', async () => {
    const { page, context } = await openPageAs(browser, creator);
    try {
      await page.goto(`${baseUrl}/${creator.username}?modal=edit-account`);
      await page.getByRole('dialog', { name: 'Edit Profile' }).getByLabel('Bio').waitFor();
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('booking', () => {
  it('copies the number with a tick that resets, and links to a chat with the period', async () => {
    const { page, context } = await openPageAs(browser, fan);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    try {
      await callApi(creator, '/api/users/profile', 'PUT', {
        name: creator.name,
        username: creator.username,
        gender: 'female',
        country: 'ZM',
        cartegory: 'music artist',
        bio: '',
        birthday: null,
        about: '',
        imagePublicId: null,
        phone: '+260 97 123 4567',
      }).then((response) => expect(response.status).toBe(200));

      await page.goto(
        `${baseUrl}/${creator.username}?modal=book-creator/${encodeURIComponent(creator.username)}`,
      );
      const dialog = page.getByRole('dialog', { name: 'Book this creator' });
      await dialog.getByText('supports her work').waitFor();
      expect(await dialog.getByRole('radio', { name: '14 days' }).isChecked()).toBe(true);

      await dialog.getByRole('button', { name: 'Copy phone number' }).click();
      await dialog.getByText('Phone number copied').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('+260971234567');
      // The tick goes back to the copy icon after 3 seconds.
      await dialog.getByText('Phone number copied').waitFor({ state: 'detached', timeout: 5000 });

      await dialog.getByRole('radio', { name: '7 days' }).check();
      const chat = dialog.getByRole('link', { name: 'Chat on WhatsApp' });
      const href = new URL((await chat.getAttribute('href')) ?? '');
      expect(href.origin + href.pathname).toBe('https://wa.me/260971234567');
      expect(href.searchParams.get('text')).toContain('for 7 days');
      expect(await chat.getAttribute('rel')).toContain('noopener');
      expect(await chat.getAttribute('target')).toBe('_blank');
    } finally {
      await context.close();
    }
  });
});

describe('settings', () => {
  it('asks a visitor to sign in, and turns away anyone but the owner', async () => {
    for (const [account, heading] of [
      [null, 'Sign in to continue'],
      [fan, 'Not allowed'],
    ] as const) {
      const { page, context } = await openPageAs(browser, account);
      try {
        await page.goto(`${baseUrl}/${creator.username}/settings`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      } finally {
        await context.close();
      }
    }
  });

  it('changes the password, then deletes the account after the confirm alert', async () => {
    const leaving = await createAccount('Leaving Soon', 'leavingsoon', { name: 'fan' });
    const { page, context } = await openPageAs(browser, leaving);
    try {
      await page.goto(`${baseUrl}/${leaving.username}/settings`);
      const password = page.getByRole('region', { name: 'Password' });
      await password.getByLabel('Current password').fill(leaving.password);
      await password.getByLabel('New password', { exact: true }).fill('kafue flats at dawn');
      await password.getByLabel('Confirm new password').fill('kafue flats at dawn');
      await password.getByRole('button', { name: 'Change password' }).click();
      await password
        .getByText('Your password has been changed. Your other sessions were signed out.')
        .waitFor();

      const deletion = page.getByRole('region', { name: 'Delete account' });
      await deletion.getByLabel('Type DELETE to confirm').fill('DELETE');
      await deletion.getByLabel('Current password').fill('kafue flats at dawn');
      await deletion.getByRole('button', { name: 'Delete account' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete account' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.waitForURL(`${baseUrl}/creators/featured`);
      await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).waitFor();
      expect((await fetch(`${baseUrl}/api/users/leavingsoon`)).status).toBe(404);
    } finally {
      await context.close();
    }
  });
});
