import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { insertAvatarAsset } from '../../test/factories/media.ts';
import { createCreator, createFan, findUserId } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { profileForm } from './test-profiles.ts';

// The web app's real index.html as the build, so the tags are placed into its actual head.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-web-'));
const webIndex = fileURLToPath(new URL('../../../../web/index.html', import.meta.url));
fs.copyFileSync(webIndex, path.join(webDist, 'index.html'));
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const PUBLIC_URL = 'https://stagepass.example';
const testApp = setupTestApp({ env: { WEB_DIST_DIR: webDist, PUBLIC_URL } });
const openPage = (url: string, cookie = '') =>
  testApp.app.inject({ url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
const saveProfile = (cookie: string, payload: object) =>
  testApp.app.inject({ method: 'PUT', url: '/api/users/profile', headers: { cookie }, payload });

/** The content of one meta tag, decoded as a crawler's HTML parser would. */
function readMeta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html);
  return match?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe('profile pages carry their own Open Graph and Twitter tags', () => {
  it('puts the name, bio, avatar and address of the profile into the head', async () => {
    const creator = await createCreator(testApp.app, { name: 'Natasha Zulu' });
    const publicId = await insertAvatarAsset(testApp.app, await findUserId(testApp.app, creator.cookie));
    await saveProfile(
      creator.cookie,
      profileForm(creator, {
        name: 'Natasha Zulu',
        cartegory: 'dancer',
        bio: 'Dance every day',
        imagePublicId: publicId,
      }),
    );

    const response = await openPage(`/${creator.username}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    const title = `Natasha Zulu (${creator.username}) · Stagepass`;
    expect(html).toContain(`<title>${title}</title>`);
    expect(readMeta(html, 'og:title')).toBe(title);
    expect(readMeta(html, 'og:description')).toBe('Dance every day');
    expect(readMeta(html, 'description')).toBe('Dance every day');
    expect(readMeta(html, 'og:type')).toBe('profile');
    expect(readMeta(html, 'og:url')).toBe(`${PUBLIC_URL}/${creator.username}`);
    expect(readMeta(html, 'og:image')).toBe(`${PUBLIC_URL}/media/${publicId}/avatar256.webp`);
    expect(readMeta(html, 'twitter:card')).toBe('summary');
    expect(readMeta(html, 'twitter:image')).toBe(readMeta(html, 'og:image'));
    // One title and one description: the app's defaults are replaced, not repeated.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    // Still the app: the browser boots the SPA as on any other page.
    expect(html).toContain('<div id="root"></div>');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });

  it('escapes what people typed, so a bio cannot add markup to the page', async () => {
    const creator = await createCreator(testApp.app);
    const bio = `<script>alert("hi")</script> 'quoted' & $& $1`;
    await saveProfile(creator.cookie, profileForm(creator, { name: 'A "B" <C>', cartegory: 'writer', bio }));

    const html = (await openPage(`/${creator.username}`)).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('"B"');
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &#39;quoted&#39; &amp; $&amp; $1',
    );
    expect(readMeta(html, 'og:description')).toBe(bio);
    expect(readMeta(html, 'og:title')).toBe(`A "B" <C> (${creator.username}) · Stagepass`);
  });

  it('describes a profile without a bio or avatar with defaults', async () => {
    const creator = await createCreator(testApp.app, { name: 'Kondwani Tembo' });
    const html = (await openPage(`/${creator.username}`)).body;
    expect(readMeta(html, 'og:description')).toBe(
      'Videos, audio, posts and photos from Kondwani Tembo on Stagepass.',
    );
    expect(readMeta(html, 'og:image')).toBe(`${PUBLIC_URL}/icons/icon-512.png`);
    expect(
      fs.existsSync(fileURLToPath(new URL('../../../../web/public/icons/icon-512.png', import.meta.url))),
    ).toBe(true);
  });

  it('also tags /name without the @, in any case, when that user exists', async () => {
    const fan = await createFan(testApp.app);
    const response = await openPage(`/${fan.username.slice(1).toUpperCase()}?tab=videos`);
    expect(response.statusCode).toBe(200);
    expect(readMeta(response.body, 'og:url')).toBe(`${PUBLIC_URL}/${fan.username}`);
  });

  it('answers /@unknown with the SPA and 404; other pages stay as they were', async () => {
    const missing = await openPage('/@nobody_by_that_name?modal=messaging');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    expect(missing.headers['cache-control']).toBe('no-cache');
    expect(missing.body).toContain('<div id="root"></div>');
    expect(missing.body).toContain('<title>Stagepass</title>');
    expect(missing.body).not.toContain('og:title');

    for (const url of ['/signin', '/nobody_by_that_name', '/creators/featured']) {
      const page = await openPage(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<title>Stagepass</title>');
      expect(page.body).not.toContain('og:title');
    }
  });

  it('shows a profile hidden by a block as unknown to the viewer, and normally to others', async () => {
    const blocker = await createFan(testApp.app);
    const blocked = await createCreator(testApp.app);
    await testApp.app.inject({
      method: 'POST',
      url: `/api/users/${blocked.username}/report`,
      headers: { cookie: blocker.cookie },
      payload: { kind: 'block', reason: 'Poor content' },
    });
    const hidden = await openPage(`/${blocked.username}`, blocker.cookie);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain(blocked.username);
    expect((await openPage(`/${blocked.username}`)).statusCode).toBe(200);
  });
});
