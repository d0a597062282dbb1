import { POST_MESSAGES, type TPost } from '@stagepass/contract/posts';
import { PROFILE_MESSAGES } from '@stagepass/contract/profiles';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mediaAssets } from '../../db/schema/index.ts';
import { checkFolderAddress, insertPostMedia } from '../../test/factories/media.ts';
import {
  createPerson,
  getAs,
  insertBlock,
  insertFollow,
  type TestPerson,
} from '../../test/factories/people.ts';
import { createPostAs } from '../../test/factories/posts.ts';
import { setupTestApp } from '../../test/test-app.ts';

const testApp = setupTestApp();

async function publishPhoto(
  creator: TestPerson,
  overrides: Record<string, unknown> = {},
  media: Parameters<typeof insertPostMedia>[2] = {},
): Promise<{ postId: string; publicId: string }> {
  const { publicId } = await insertPostMedia(testApp.app, creator.id, media);
  const key = media.kind === 'video' ? 'video' : 'image';
  const response = await createPostAs(testApp.app, creator.cookie, {
    type: media.kind === 'video' ? 'video' : 'photo',
    description: 'Studio session',
    postAssets: { [key]: { public_id: publicId } },
    ...overrides,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return { postId: response.json().newPost.postId, publicId };
}

const fetchPost = async (cookie: string | undefined, postId: string) =>
  getAs(testApp.app, cookie, `/api/post/fetch-post/${postId}`);
const postIdsOf = (response: { json(): { posts: TPost[] } }) =>
  response.json().posts.map((post) => post.postId);

describe('who sees what of a post', () => {
  it('shows a public post and its media to everyone, signed out included', async () => {
    const creator = await createPerson(testApp.app);
    const { postId, publicId } = await publishPhoto(creator);
    const post = (await fetchPost(undefined, postId)).json().post as TPost;
    expect(post.isLocked).toBe(false);
    expect(post.postAssets.image).toMatchObject({
      secure_url: `/media/${publicId}/post.webp`,
      mobile_url: `/media/${publicId}/mobile.webp`,
      placeholder_url: `/media/${publicId}/placeholder.webp`,
    });
    expect((await getAs(testApp.app, undefined, post.postAssets.image!.secure_url!)).statusCode).toBe(200);
    // The upload as it came (it may carry EXIF and GPS) is for its owner only.
    expect(post.postAssets.image?.variants).not.toHaveProperty('original');
    const own = (await fetchPost(creator.cookie, postId)).json().post as TPost;
    expect(own.postAssets.image?.variants.original).toMatch(/\?exp=/);
  });

  it('shows the text of subscribers-only and pay-to-unlock posts to others, locked, with only the preview variants', async () => {
    const creator = await createPerson(testApp.app);
    const fan = await createPerson(testApp.app, { role: 'fan' });
    const subscribers = await publishPhoto(creator, {
      visibility: 'subscribers',
      description: 'For members',
    });
    const paid = await publishPhoto(creator, { visibility: 'pay-to-unlock', price: 500 }, { kind: 'video' });
    for (const cookie of [fan.cookie, undefined]) {
      const members = (await fetchPost(cookie, subscribers.postId)).json().post as TPost;
      expect(members).toMatchObject({
        description: 'For members',
        isLocked: true,
        visibility: 'subscribers',
      });
      // The blurred placeholder (and a video's 30-second cut), signed for a signed-in viewer
      // only; never an address of the full file.
      const signed = (name: string) =>
        cookie ? new RegExp(`^/media/[^?]+/${name}\\?exp=\\d+&viewer=${fan.id}&sig=`) : null;
      expect(members.postAssets.image).toMatchObject({
        public_id: subscribers.publicId,
        secure_url: null,
        mobile_url: null,
      });
      expect(members.postAssets.image?.placeholder_url ?? null).toEqual(
        cookie ? expect.stringMatching(signed('placeholder.webp')!) : null,
      );
      const bought = (await fetchPost(cookie, paid.postId)).json().post as TPost;
      expect(bought).toMatchObject({ isLocked: true, price: 500, lockReason: 'pay-to-unlock' });
      // No folder token at all: nothing of the streaming ladder.
      expect(bought.postAssets.video).toMatchObject({
        secure_url: null,
        audio_only_url: null,
        thumbnails_url: null,
        poster: null,
      });
      expect(Object.keys(bought.postAssets.video?.variants ?? {}).sort()).toEqual(
        cookie ? ['placeholder', 'preview'] : [],
      );
      for (const full of ['/hls/', '/media/folder', 'poster.jpg', 'original', 'post.webp', 'mobile.webp']) {
        expect(JSON.stringify([bought, members])).not.toContain(full);
      }
    }
    // The author sees everything, through addresses signed for them alone.
    const own = (await fetchPost(creator.cookie, paid.postId)).json().post as TPost;
    expect(own.isLocked).toBe(false);
    const video = own.postAssets.video!;
    expect(video).toMatchObject({ public_id: paid.publicId, duration: 5 });
    // The stream: the master playlist, the audio-only rendition and the thumbnails, under one
    // folder token for the author.
    const streamed = [video.secure_url, video.audio_only_url, video.thumbnails_url].map((url) =>
      checkFolderAddress(testApp.app, url!),
    );
    expect(streamed.map(({ key }) => key)).toEqual(
      ['master.m3u8', 'audio.m3u8', 'thumbnails.vtt'].map((file) => `${paid.publicId}/hls/${file}`),
    );
    for (const { check } of streamed) expect(check).toMatchObject({ result: 'valid', audience: creator.id });
    expect(video.poster).toMatch(new RegExp(`^/media/${paid.publicId}/poster\\.jpg\\?`));
    expect(video.preview).toMatch(new RegExp(`^/media/${paid.publicId}/preview\\.mp4\\?`));
    expect(Object.keys(video.variants).sort()).toEqual(['original', 'placeholder', 'poster', 'preview']);
    // The plain address of a file of a post that is not public is refused, a rendition too.
    for (const file of ['hls/240p.mp4', 'hls/master.m3u8', 'poster.jpg']) {
      expect((await getAs(testApp.app, fan.cookie, `/media/${paid.publicId}/${file}`)).statusCode).toBe(403);
    }
  });

  it('streams a public post’s video to everyone under the one public folder token, never by plain address', async () => {
    const creator = await createPerson(testApp.app);
    const fan = await createPerson(testApp.app, { role: 'fan' });
    const { postId, publicId } = await publishPhoto(creator, {}, { kind: 'video' });
    const addresses = [];
    for (const cookie of [undefined, fan.cookie, creator.cookie]) {
      const video = ((await fetchPost(cookie, postId)).json().post as TPost).postAssets.video!;
      const { key, check } = checkFolderAddress(testApp.app, video.secure_url!);
      expect({ key, check }).toMatchObject({
        key: `${publicId}/hls/master.m3u8`,
        check: { result: 'valid', audience: 'public' },
      });
      expect(video.poster).toBe(`/media/${publicId}/poster.jpg`);
      addresses.push(video.secure_url);
    }
    // One address for everybody (within the hour): a CDN and the browser may keep what it fetched.
    expect(new Set(addresses).size).toBe(1);
    // The rendition files are not open by their plain address, though the post is public.
    for (const file of ['hls/240p.mp4', 'hls/audio.mp4', 'hls/master.m3u8']) {
      expect((await getAs(testApp.app, undefined, `/media/${publicId}/${file}`)).statusCode).toBe(403);
    }
    expect((await getAs(testApp.app, undefined, `/media/${publicId}/poster.jpg`)).statusCode).toBe(200);
  });

  it('shows a post whose media is processing or failed to its author only, with the status', async () => {
    const creator = await createPerson(testApp.app);
    const fan = await createPerson(testApp.app, { role: 'fan' });
    await insertFollow(testApp.app, fan.id, creator.id);
    const processing = await publishPhoto(creator, {}, { kind: 'video', status: 'processing' });
    const failed = await publishPhoto(creator, {}, { kind: 'video' });
    // Processing failed after the post was made (the job records it).
    await testApp.app.db
      .update(mediaAssets)
      .set({ status: 'failed', failureReason: 'This video could not be read.' })
      .where(eq(mediaAssets.publicId, failed.publicId));

    for (const { postId } of [processing, failed]) {
      const response = await fetchPost(fan.cookie, postId);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(POST_MESSAGES.postNotFound);
    }
    expect(
      postIdsOf(await getAs(testApp.app, fan.cookie, `/api/post/fetch-all/${creator.username}`)),
    ).toEqual([]);
    expect(postIdsOf(await getAs(testApp.app, fan.cookie, '/api/feed'))).toEqual([]);

    const own = (await getAs(testApp.app, creator.cookie, '/api/post/fetch-own-posts/0/10')).json()
      .posts as TPost[];
    expect(own.map((post) => [post.postId, post.media])).toEqual([
      [failed.postId, { status: 'failed', failureReason: 'This video could not be read.' }],
      [processing.postId, { status: 'processing', failureReason: null }],
    ]);
  });

  it('hides every post of a creator blocked either way', async () => {
    const creator = await createPerson(testApp.app);
    const blocker = await createPerson(testApp.app, { role: 'fan' });
    const blockedFan = await createPerson(testApp.app, { role: 'fan' });
    const { postId } = await publishPhoto(creator);
    await insertFollow(testApp.app, blocker.id, creator.id);
    await insertFollow(testApp.app, blockedFan.id, creator.id);
    await insertBlock(testApp.app, blocker.id, creator.id);
    await insertBlock(testApp.app, creator.id, blockedFan.id);

    for (const viewer of [blocker, blockedFan]) {
      expect((await fetchPost(viewer.cookie, postId)).statusCode).toBe(404);
      const profile = await getAs(testApp.app, viewer.cookie, `/api/post/fetch-all/${creator.username}`);
      expect(profile.statusCode).toBe(404);
      expect(profile.json().message).toBe(PROFILE_MESSAGES.profileNotFound);
      expect(postIdsOf(await getAs(testApp.app, viewer.cookie, '/api/feed'))).not.toContain(postId);
      expect(postIdsOf(await getAs(testApp.app, viewer.cookie, '/api/post/fetch-posts/50'))).not.toContain(
        postId,
      );
    }
    // Others still see it.
    expect(postIdsOf(await getAs(testApp.app, undefined, '/api/post/fetch-posts/50'))).toContain(postId);
  });
});
