import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items, mediaAssets } from '../../db/schema/index.ts';
import { createId } from '../../lib/ids.ts';
import { makeImage, signUpUploader, uploadFile, uploadPostFile } from '../../test/factories/media.ts';
import { findUserIdByEmail } from '../../test/factories/people.ts';
import { insertPostRows } from '../../test/factories/posts.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { issueMediaUrls, issueMediaUrlsForMany } from './media-urls.service.ts';
import { signMediaUrl } from './signed-media-url.ts';

const testApp = setupTestApp({ env: { JOB_CONCURRENCY: '0' } });
const IMMUTABLE = 'public, max-age=31536000, immutable';
const PROTECTED = 'private, no-store';

/**
 * A creator's processed photo (original plus a 'post686' variant, as the job leaves it),
 * shown by a post of the given visibility (or by none yet).
 */
async function createPhotoPost(visibility: 'everyone' | 'subscribers' | 'pay-to-unlock' | null) {
  const author = await signUpUploader(testApp.app);
  const authorId = await findUserIdByEmail(testApp.app.db, author.email);
  const upload = await uploadPostFile(testApp.app, author.cookie, { data: await makeImage('jpeg') });
  const publicId: string = upload.json().public_id;
  const variantKey = `${publicId}/post686.webp`;
  await testApp.app.mediaStore.put(variantKey, await makeImage('webp', 686, 386), {
    contentType: 'image/webp',
  });
  await testApp.app.db
    .update(mediaAssets)
    .set({ status: 'ready', variants: { original: `${publicId}/original.jpg`, post686: variantKey } })
    .where(eq(mediaAssets.publicId, publicId));
  const postId = createId(16);
  if (visibility) {
    await insertPostRows(testApp.app.db, [
      {
        id: postId,
        authorId,
        createdAt: new Date(),
        type: 'photo',
        visibility,
        price: visibility === 'pay-to-unlock' ? 199 : null,
        mediaPublicId: publicId,
      },
    ]);
  }
  return { author, authorId, publicId, postId, variantKey, originalKey: `${publicId}/original.jpg` };
}

const issue = (publicId: string, viewerId: string | null) =>
  issueMediaUrls({ db: testApp.app.db, appSecret: testApp.config.appSecret, viewerId, publicId });

const get = (url: string, cookie = '', headers: Record<string, string> = {}) =>
  testApp.app.inject({ url, headers: { cookie, ...headers } });

describe('media of posts that are not public', () => {
  it('needs a signed address: without one, 403 and nothing cached', async () => {
    for (const visibility of ['subscribers', 'pay-to-unlock', null] as const) {
      const { author, variantKey } = await createPhotoPost(visibility);
      for (const cookie of ['', author.cookie]) {
        const response = await get(`/media/${variantKey}`, cookie);
        expect({ visibility, status: response.statusCode }).toEqual({ visibility, status: 403 });
        expect(response.headers['cache-control']).toBe(PROTECTED);
        expect(response.rawPayload.toString()).toBe('Forbidden');
      }
    }
  });

  it('opens to the viewer an address was issued for, without any shared cache', async () => {
    const { author, authorId, publicId } = await createPhotoPost('subscribers');
    const issued = await issue(publicId, authorId);
    expect(issued?.expiresAt).toBeInstanceOf(Date);
    expect(Object.keys(issued!.urls).sort()).toEqual(['original', 'post686']);
    const response = await get(issued!.urls.post686!, author.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': PROTECTED });
  });

  it('refuses an expired address, another viewer, a signed-out visitor and any tampering', async () => {
    const { author, authorId, variantKey, publicId } = await createPhotoPost('subscribers');
    const stranger = await signUpUploader(testApp.app);
    const strangerId = await findUserIdByEmail(testApp.app.db, stranger.email);
    const { appSecret } = testApp.config;
    const url = (await issue(publicId, authorId))!.urls.post686!;
    const query = new URL(url, 'http://localhost').searchParams;

    const expired = signMediaUrl({
      secret: appSecret,
      key: variantKey,
      viewerId: authorId,
      expiresAt: new Date(Date.now() - 1000),
    });
    const withViewer = (viewer: string) => url.replace(`viewer=${authorId}`, `viewer=${viewer}`);
    const withSig = (sig: string) => url.replace(`sig=${query.get('sig')}`, `sig=${sig}`);
    const otherFile = url.replace('post686.webp', 'original.jpg');
    for (const [attempt, address, cookie] of [
      ['expired', expired, author.cookie],
      ['somebody else', url, stranger.cookie],
      ['signed out', url, ''],
      ['viewer changed to the person asking', withViewer(strangerId), stranger.cookie],
      ['signature changed', withSig(`${query.get('sig')!.slice(0, -2)}AA`), author.cookie],
      ['signature of another file', otherFile, author.cookie],
      [
        'expiry pushed later',
        url.replace(/exp=\d+/, `exp=${Number(query.get('exp')) + 3600}`),
        author.cookie,
      ],
    ] as const) {
      const response = await get(address, cookie);
      expect({ attempt, status: response.statusCode }).toEqual({ attempt, status: 403 });
      expect(response.headers['cache-control']).toBe(PROTECTED);
    }
    // The stranger's own address for the file works for the stranger only once issued to them.
    const forStranger = (await issue(publicId, strangerId))!.urls.post686!;
    expect((await get(forStranger, stranger.cookie)).statusCode).toBe(200);
    expect((await get(forStranger, author.cookie)).statusCode).toBe(403);
  });

  it('keeps ranges, validators, 304 and 416 on signed addresses', async () => {
    const { author, authorId, publicId } = await createPhotoPost('pay-to-unlock');
    const url = (await issue(publicId, authorId))!.urls.post686!;
    const whole = await get(url, author.cookie);
    const size = whole.rawPayload.length;
    const part = await get(url, author.cookie, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(0, 100));
    expect((await get(url, author.cookie, { range: `bytes=${size}-` })).statusCode).toBe(416);
    const again = await get(url, author.cookie, { 'if-none-match': whole.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe(PROTECTED);
    const head = await testApp.app.inject({ method: 'HEAD', url, headers: { cookie: author.cookie } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(size));
  });
});

describe('media of public posts and avatars', () => {
  it('are open to anybody with the year-long cache, except the uploaded original', async () => {
    const { author, authorId, publicId, variantKey, originalKey } = await createPhotoPost('everyone');
    const open = await get(`/media/${variantKey}`);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe(IMMUTABLE);
    // The original may carry the photo's GPS position: only its owner, through a signed address.
    expect((await get(`/media/${originalKey}`, author.cookie)).statusCode).toBe(403);

    const forVisitor = await issue(publicId, null);
    expect(forVisitor).toMatchObject({ urls: { post686: `/media/${variantKey}` }, expiresAt: null });
    expect(forVisitor!.urls.original).toBeUndefined();
    const forAuthor = await issue(publicId, authorId);
    expect(forAuthor!.urls.post686).toBe(`/media/${variantKey}`);
    expect((await get(forAuthor!.urls.original!, author.cookie)).statusCode).toBe(200);
  });

  it('follow the post: made public, the media opens; a post that is not public closes it again', async () => {
    const { postId, variantKey } = await createPhotoPost('subscribers');
    expect((await get(`/media/${variantKey}`)).statusCode).toBe(403);
    await testApp.app.db.update(items).set({ visibility: 'everyone' }).where(eq(items.id, postId));
    expect((await get(`/media/${variantKey}`)).statusCode).toBe(200);
    await testApp.app.db.update(items).set({ visibility: 'subscribers' }).where(eq(items.id, postId));
    expect((await get(`/media/${variantKey}`)).statusCode).toBe(403);
  });

  it('serve avatars to anybody without a signature', async () => {
    const account = await signUpUploader(testApp.app);
    const avatar = (await uploadFile(testApp.app, account.cookie, { data: await makeImage('png') })).json();
    const response = await get(avatar.secure_url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('answer 404 for a file in an asset folder that the asset does not list', async () => {
    const { publicId } = await createPhotoPost('everyone');
    await testApp.app.mediaStore.put(`${publicId}/stray.webp`, await makeImage('webp'), {
      contentType: 'image/webp',
    });
    expect((await get(`/media/${publicId}/stray.webp`)).statusCode).toBe(404);
  });
});

describe('issueMediaUrls', () => {
  it('answers for a page of assets in one call, and undefined for an unknown one', async () => {
    const open = await createPhotoPost('everyone');
    const closed = await createPhotoPost('subscribers');
    const urls = await issueMediaUrlsForMany({
      db: testApp.app.db,
      appSecret: testApp.config.appSecret,
      viewerId: closed.authorId,
      publicIds: [open.publicId, closed.publicId, 'A'.repeat(20)],
    });
    expect([...urls.keys()].sort()).toEqual([open.publicId, closed.publicId].sort());
    expect(urls.get(open.publicId)?.urls).toEqual({ post686: `/media/${open.variantKey}` });
    expect(urls.get(closed.publicId)?.urls.post686).toMatch(/\?exp=\d+&viewer=.+&sig=/);
    expect(await issue('A'.repeat(20), closed.authorId)).toBeUndefined();
    // A visitor gets no address for what is not open.
    expect((await issue(closed.publicId, null))?.urls).toEqual({});
  });
});
