import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { createPostId, POST_MESSAGES, type TPost } from '@stagepass/contract/posts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { posts } from '../../db/schema/index.ts';
import { publishTrack } from '../../test/factories/audio.ts';
import { insertPostMedia } from '../../test/factories/media.ts';
import { createPerson, getAs } from '../../test/factories/people.ts';
import { createPostAs } from '../../test/factories/posts.ts';
import { setupTestApp } from '../../test/test-app.ts';

const testApp = setupTestApp();
const postRows = (postId: string) => testApp.app.db.select().from(posts).where(eq(posts.id, postId));

describe('POST /api/post/create', () => {
  it('publishes a text post as the signed-in creator, with a generated 16-character id', async () => {
    const creator = await createPerson(testApp.app, { name: 'Mwila Banda' });
    const response = await createPostAs(testApp.app, creator.cookie, {
      type: 'text',
      description: '  New song on Friday  ',
    });
    expect(response.statusCode).toBe(201);
    const { success, newPost } = response.json() as { success: boolean; newPost: TPost };
    expect(success).toBe(true);
    expect(newPost.postId).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(newPost).toMatchObject({
      type: 'text',
      description: 'New song on Friday',
      author: { userId: creator.id, pageId: creator.username, pageName: 'Mwila Banda', profileAsset: null },
      postAssets: { image: null, video: null, audio: null },
      media: null,
      likes: [],
      tips: [],
      tipTotals: { count: 0, amount: 0 },
      reactionCounts: { love: 0, haha: 0, wow: 0, angry: 0, sad: 0 },
      viewerReaction: null,
      isReactionsOpen: true,
      visibility: 'everyone',
      price: null,
      isLocked: false,
    });
    const fetched = await getAs(testApp.app, undefined, `/api/post/fetch-post/${newPost.postId}`);
    expect(fetched.json().post).toEqual(newPost);
  });

  it('takes the author from the session: a body naming someone else is refused', async () => {
    const creator = await createPerson(testApp.app);
    const other = await createPerson(testApp.app);
    const postId = createPostId();
    const forged = await createPostAs(testApp.app, creator.cookie, {
      postId,
      type: 'text',
      description: 'Posted in your name',
      author: { userId: other.id, pageId: other.username, pageName: 'Someone else' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ success: false, message: POST_MESSAGES.notYourPage });
    expect(await postRows(postId)).toEqual([]);

    // The spec's draft carries the author: the session's own id is fine, page fields are not trusted.
    const own = await createPostAs(testApp.app, creator.cookie, {
      postId,
      type: 'text',
      description: 'Mine',
      author: { userId: creator.id, pageId: '@impostor', pageName: 'Impostor' },
    });
    expect(own.statusCode).toBe(201);
    expect(own.json().newPost.author).toMatchObject({ userId: creator.id, pageId: creator.username });
    expect((await postRows(postId))[0]?.authorId).toBe(creator.id);
  });

  it('lets only creators publish, and only when signed in', async () => {
    const fan = await createPerson(testApp.app, { role: 'fan' });
    const undecided = await createPerson(testApp.app, { role: null });
    for (const person of [fan, undecided]) {
      const response = await createPostAs(testApp.app, person.cookie, { type: 'text', description: 'Hi' });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(AUTH_MESSAGES.creatorsOnly);
    }
    const signedOut = await createPostAs(testApp.app, '', { type: 'text', description: 'Hi' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe(AUTH_MESSAGES.notSignedIn);
  });

  it('treats a repeated postId from the same author as the same post, and from another as a conflict', async () => {
    const creator = await createPerson(testApp.app);
    const postId = createPostId();
    const first = await createPostAs(testApp.app, creator.cookie, {
      postId,
      type: 'text',
      description: 'Once',
    });
    expect(first.statusCode).toBe(201);
    // A retry (say after a lost answer) gives the post as it was made, not a second one or an edit.
    const again = await createPostAs(testApp.app, creator.cookie, {
      postId,
      type: 'text',
      description: 'Twice',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().newPost).toEqual(first.json().newPost);
    expect(await postRows(postId)).toHaveLength(1);

    const other = await createPerson(testApp.app);
    const taken = await createPostAs(testApp.app, other.cookie, {
      postId,
      type: 'text',
      description: 'Mine?',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(POST_MESSAGES.postIdTaken);
    expect((await postRows(postId))[0]?.authorId).toBe(creator.id);
  });

  it('makes one post of concurrent creates with the same postId', async () => {
    const creator = await createPerson(testApp.app);
    const { publicId } = await insertPostMedia(testApp.app, creator.id);
    const postId = createPostId();
    const payload = {
      postId,
      type: 'photo',
      description: 'At once',
      postAssets: { image: { public_id: publicId } },
    };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => createPostAs(testApp.app, creator.cookie, payload)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json().newPost.postId))).toEqual(new Set([postId]));
    expect(await postRows(postId)).toHaveLength(1);
  });

  it('publishes a photo post with the author’s upload, even while it is still processing', async () => {
    const creator = await createPerson(testApp.app);
    const ready = await insertPostMedia(testApp.app, creator.id);
    const photo = await createPostAs(testApp.app, creator.cookie, {
      type: 'photo',
      description: '',
      postAssets: { image: { public_id: ready.publicId } },
    });
    expect(photo.statusCode).toBe(201);
    const image = photo.json().newPost.postAssets.image;
    expect(image).toMatchObject({
      public_id: ready.publicId,
      secure_url: `/media/${ready.publicId}/post.webp`,
      mobile_url: `/media/${ready.publicId}/mobile.webp`,
      placeholder_url: `/media/${ready.publicId}/placeholder.webp`,
      width: 686,
      height: 386,
    });
    expect((await testApp.app.inject(image.secure_url)).statusCode).toBe(200);

    const processing = await insertPostMedia(testApp.app, creator.id, {
      kind: 'video',
      status: 'processing',
    });
    const video = await createPostAs(testApp.app, creator.cookie, {
      type: 'video',
      description: 'Rehearsal',
      postAssets: { video: { public_id: processing.publicId } },
    });
    expect(video.statusCode).toBe(201);
    expect(video.json().newPost).toMatchObject({
      media: { status: 'processing', failureReason: null },
      postAssets: { video: { public_id: processing.publicId, secure_url: null, poster: null } },
    });
  });

  it('refuses media that is not the author’s post upload of the right kind, failed or already used', async () => {
    const creator = await createPerson(testApp.app);
    const other = await createPerson(testApp.app);
    const cases: [string, Promise<{ publicId: string }>, 'photo' | 'video', number, string][] = [
      ['someone else’s', insertPostMedia(testApp.app, other.id), 'photo', 400, POST_MESSAGES.mediaNotFound],
      [
        'an avatar',
        insertPostMedia(testApp.app, creator.id, { purpose: 'avatar' }),
        'photo',
        400,
        POST_MESSAGES.mediaNotFound,
      ],
      [
        'a video as a photo',
        insertPostMedia(testApp.app, creator.id, { kind: 'video' }),
        'photo',
        400,
        POST_MESSAGES.mediaWrongKind('photo'),
      ],
      [
        'an image as a video',
        insertPostMedia(testApp.app, creator.id),
        'video',
        400,
        POST_MESSAGES.mediaWrongKind('video'),
      ],
      [
        'a failed video',
        insertPostMedia(testApp.app, creator.id, { kind: 'video', status: 'failed' }),
        'video',
        400,
        POST_MESSAGES.mediaFailed,
      ],
      [
        'an unknown file',
        Promise.resolve({ publicId: 'A'.repeat(20) }),
        'photo',
        400,
        POST_MESSAGES.mediaNotFound,
      ],
    ];
    for (const [label, media, type, status, message] of cases) {
      const { publicId } = await media;
      const key = type === 'photo' ? 'image' : 'video';
      const response = await createPostAs(testApp.app, creator.cookie, {
        type,
        postAssets: { [key]: { public_id: publicId } },
      });
      expect({ label, status: response.statusCode, message: response.json().message }).toEqual({
        label,
        status,
        message,
      });
    }

    const { publicId } = await insertPostMedia(testApp.app, creator.id);
    const payload = { type: 'photo', postAssets: { image: { public_id: publicId } } };
    expect((await createPostAs(testApp.app, creator.cookie, payload)).statusCode).toBe(201);
    const reused = await createPostAs(testApp.app, creator.cookie, payload);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(POST_MESSAGES.mediaInUse);

    // A track's cover is in use too: deleting the post would take it from the track.
    const track = await publishTrack(testApp.app, creator, { withCover: true });
    const cover = { type: 'photo', postAssets: { image: { public_id: track.cover_asset?.public_id } } };
    const coverTaken = await createPostAs(testApp.app, creator.cookie, cover);
    expect(coverTaken.statusCode).toBe(409);
    expect(coverTaken.json().message).toBe(POST_MESSAGES.mediaInUse);
  });

  it('validates the draft with clear messages', async () => {
    const creator = await createPerson(testApp.app);
    const { publicId } = await insertPostMedia(testApp.app, creator.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ postId: 'short', type: 'text', description: 'x' }, `postId: ${POST_MESSAGES.invalidPostId}`],
      [
        { postId: `${'a'.repeat(15)}!`, type: 'text', description: 'x' },
        `postId: ${POST_MESSAGES.invalidPostId}`,
      ],
      [{ type: 'text', description: '   ' }, `description: ${POST_MESSAGES.textRequired}`],
      [{ type: 'text', description: 'x'.repeat(2001) }, `description: ${POST_MESSAGES.descriptionTooLong}`],
      [
        { type: 'text', description: 'x', visibility: 'pay-to-unlock' },
        `price: ${POST_MESSAGES.priceRequired}`,
      ],
      [
        { type: 'text', description: 'x', visibility: 'everyone', price: 500 },
        `price: ${POST_MESSAGES.priceOnlyWhenPaid}`,
      ],
      [
        { type: 'text', description: 'x', visibility: 'pay-to-unlock', price: 99 },
        `price: ${POST_MESSAGES.priceRange}`,
      ],
      [
        { type: 'text', description: 'x', visibility: 'pay-to-unlock', price: 1_000_001 },
        `price: ${POST_MESSAGES.priceRange}`,
      ],
      [
        { type: 'text', description: 'x', visibility: 'pay-to-unlock', price: 150.5 },
        `price: ${POST_MESSAGES.priceRange}`,
      ],
      [{ type: 'photo', description: 'x' }, `postAssets.image: ${POST_MESSAGES.mediaRequired('photo')}`],
      [
        { type: 'video', postAssets: { image: { public_id: publicId } } },
        `postAssets.video: ${POST_MESSAGES.mediaRequired('video')}`,
      ],
      [
        { type: 'text', description: 'x', postAssets: { image: { public_id: publicId } } },
        `postAssets: ${POST_MESSAGES.mediaNotAllowed}`,
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await createPostAs(testApp.app, creator.cookie, payload);
      const { field, message: shown } = response.json();
      expect({ payload, status: response.statusCode, message: `${field}: ${shown}` }).toEqual({
        payload,
        status: 400,
        message,
      });
    }
    const typeMissing = await createPostAs(testApp.app, creator.cookie, { description: 'x' });
    expect(typeMissing.statusCode).toBe(400);
    expect(typeMissing.json()).toMatchObject({ field: 'type', message: 'Type is required.' });
  });

  it('keeps a pay-to-unlock price as integer ngwee', async () => {
    const creator = await createPerson(testApp.app);
    const response = await createPostAs(testApp.app, creator.cookie, {
      type: 'text',
      description: 'Behind the scenes',
      visibility: 'pay-to-unlock',
      price: 2500,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().newPost).toMatchObject({
      visibility: 'pay-to-unlock',
      price: 2500,
      isLocked: false,
    });
  });

  it('publishes 60 posts an hour per account, then answers 429 with nothing created', async () => {
    const creator = await createPerson(testApp.app);
    for (let index = 0; index < 60; index++) {
      const response = await createPostAs(testApp.app, creator.cookie, {
        type: 'text',
        description: `#${index}`,
      });
      expect(response.statusCode).toBe(201);
    }
    const postId = createPostId();
    const limited = await createPostAs(testApp.app, creator.cookie, {
      postId,
      type: 'text',
      description: 'one more',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(AUTH_MESSAGES.tooManyRequests);
    expect(await postRows(postId)).toEqual([]);
  });
});
