import { AUDIO_MESSAGES, type TAudio } from '@stagepass/contract/audio';
import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { audioTracks } from '../../db/schema/index.ts';
import { createId } from '../../lib/ids.ts';
import { publishTrack } from '../../test/factories/audio.ts';
import { insertPostMedia } from '../../test/factories/media.ts';
import { createPerson, getAs, type TestPerson } from '../../test/factories/people.ts';
import { createPostAs } from '../../test/factories/posts.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { fetchAudioAs } from './audio.test-support.ts';

const testApp = setupTestApp();

function createAs(app: App, person: TestPerson, payload: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/audio/create',
    headers: { cookie: person.cookie },
    payload,
  });
}

/** A valid create body over fresh uploads of the creator's: the audio, and a cover unless said. */
async function trackBody(app: App, creator: TestPerson, overrides: Record<string, unknown> = {}) {
  const audio = await insertPostMedia(app, creator.id, { kind: 'audio' });
  const cover = await insertPostMedia(app, creator.id, { kind: 'image' });
  return {
    title: 'Mwana wa Lesa',
    genre: 'Gospel',
    audio_asset: { public_id: audio.publicId },
    cover_asset: { public_id: cover.publicId },
    ...overrides,
  };
}

describe('POST /api/audio/create', () => {
  it('answers 201 with the Audio entity, and a repeat of the same audioId 200 with the track unchanged', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const body = await trackBody(app, creator, { visibility: 'pay-to-unlock', price: 750 });

    const created = await createAs(app, creator, body);
    expect(created.statusCode, created.body).toBe(201);
    const audio = created.json().audio as TAudio;
    expect(audio.audioId).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(audio).toMatchObject({
      title: 'Mwana wa Lesa',
      genre: 'Gospel',
      visibility: 'pay-to-unlock',
      price: 750,
      profileInteraction: 'AUTHOR',
      hasPaid: true,
      lockReason: null,
      plays: 0,
      author: { userId: creator.id, pageId: creator.username },
      cover_asset: { public_id: body.cover_asset.public_id },
      audio_asset: { public_id: body.audio_asset.public_id, duration: 180, status: 'ready' },
    });
    // The author hears their own paid track in full: a signed address of the full rendition.
    expect(audio.audio_asset.secure_url).toMatch(
      new RegExp(`^/media/${body.audio_asset.public_id}/audio\\.m4a\\?exp=\\d+&viewer=${creator.id}&sig=`),
    );

    // The same audioId again (a retried request), even with other fields: the track as it was.
    const repeat = await createAs(app, creator, {
      ...(await trackBody(app, creator)),
      audioId: audio.audioId,
      title: 'Another title',
    });
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json().audio).toMatchObject({
      audioId: audio.audioId,
      title: 'Mwana wa Lesa',
      price: 750,
      audio_asset: { public_id: body.audio_asset.public_id },
    });
    const rows = await app.db.select().from(audioTracks).where(eq(audioTracks.authorId, creator.id));
    expect(rows).toHaveLength(1);
  });

  it('keeps a client-made audioId, and refuses it 409 to another creator', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const other = await createPerson(app);
    const audioId = createId(16);
    const created = await createAs(app, creator, { ...(await trackBody(app, creator)), audioId });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().audio.audioId).toBe(audioId);

    const taken = await createAs(app, other, { ...(await trackBody(app, other)), audioId });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ success: false, message: AUDIO_MESSAGES.idTaken });
    expect((await fetchAudioAs(app, other, audioId)).json().audio.author.userId).toBe(creator.id);
  });

  it('is for creators only', async () => {
    const { app } = testApp;
    const fan = await createPerson(app, { role: 'fan' });
    const answer = await createAs(app, fan, await trackBody(app, fan));
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ success: false, message: AUTH_MESSAGES.creatorsOnly });
    const signedOut = await app.inject({
      method: 'POST',
      url: '/api/audio/create',
      payload: await trackBody(app, fan),
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('refuses an upload that is not the creator’s own audio, or that something else uses', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const other = await createPerson(app);
    const othersAudio = await insertPostMedia(app, other.id, { kind: 'audio' });
    const image = await insertPostMedia(app, creator.id, { kind: 'image' });
    const avatarLike = await insertPostMedia(app, creator.id, { kind: 'audio', purpose: 'avatar' });
    const failed = await insertPostMedia(app, creator.id, { kind: 'audio', status: 'failed' });
    const onTrack = await publishTrack(app, creator, { withCover: true });
    const postPhoto = await insertPostMedia(app, creator.id, { kind: 'image' });
    const post = await createPostAs(app, creator.cookie, {
      type: 'photo',
      description: 'Studio',
      postAssets: { image: { public_id: postPhoto.publicId } },
    });
    expect(post.statusCode, post.body).toBe(201);
    const freshAudio = () => insertPostMedia(app, creator.id, { kind: 'audio' });

    const cases: [string, Record<string, unknown>, number, string][] = [
      ['someone else’s upload', { audio_asset: { public_id: othersAudio.publicId } }, 400, 'assetNotFound'],
      ['an unknown upload', { audio_asset: { public_id: createId() } }, 400, 'assetNotFound'],
      ['an avatar upload', { audio_asset: { public_id: avatarLike.publicId } }, 400, 'assetNotFound'],
      ['a photo as the audio', { audio_asset: { public_id: image.publicId } }, 400, 'notAnAudio'],
      ['a failed audio', { audio_asset: { public_id: failed.publicId } }, 400, 'audioFailed'],
      [
        'the audio of another track',
        { audio_asset: { public_id: onTrack.audio_asset.public_id } },
        409,
        'assetInUse',
      ],
      [
        'the cover of another track',
        {
          audio_asset: { public_id: (await freshAudio()).publicId },
          cover_asset: { public_id: onTrack.cover_asset!.public_id },
        },
        409,
        'assetInUse',
      ],
      [
        'the photo of a post as the cover',
        {
          audio_asset: { public_id: (await freshAudio()).publicId },
          cover_asset: { public_id: postPhoto.publicId },
        },
        409,
        'assetInUse',
      ],
      [
        'an audio as the cover',
        {
          audio_asset: { public_id: (await freshAudio()).publicId },
          cover_asset: { public_id: (await freshAudio()).publicId },
        },
        400,
        'notAnImage',
      ],
    ];
    for (const [what, overrides, status, message] of cases) {
      const answer = await createAs(app, creator, { title: 'Refused', genre: 'Jazz', ...overrides });
      expect(answer.statusCode, what).toBe(status);
      expect(answer.json().message, what).toBe(AUDIO_MESSAGES[message as keyof typeof AUDIO_MESSAGES]);
    }
    const rows = await app.db.select().from(audioTracks).where(eq(audioTracks.authorId, creator.id));
    expect(rows.map((row) => row.id)).toEqual([onTrack.audioId]);
  });

  it('leaves the audio free when the cover is refused, so the same upload can be published', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const onTrack = await publishTrack(app, creator, { withCover: true });
    const audio = await insertPostMedia(app, creator.id, { kind: 'audio' });
    const refused = await createAs(app, creator, {
      title: 'Second take',
      genre: 'Jazz',
      audio_asset: { public_id: audio.publicId },
      cover_asset: { public_id: onTrack.cover_asset!.public_id },
    });
    expect(refused.statusCode).toBe(409);

    const published = await createAs(app, creator, {
      title: 'Second take',
      genre: 'Jazz',
      audio_asset: { public_id: audio.publicId },
    });
    expect(published.statusCode, published.body).toBe(201);
    expect(published.json().audio).toMatchObject({
      cover_asset: null,
      audio_asset: { public_id: audio.publicId },
    });
  });

  it('refuses a price that does not fit the access, an unknown genre and an empty title, in words', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const cases: [string, Record<string, unknown>, string][] = [
      ['pay-to-unlock without a price', { visibility: 'pay-to-unlock' }, AUDIO_MESSAGES.priceRequired],
      [
        'pay-to-unlock with a null price',
        { visibility: 'pay-to-unlock', price: null },
        AUDIO_MESSAGES.priceRequired,
      ],
      ['a price on a public track', { visibility: 'everyone', price: 500 }, AUDIO_MESSAGES.priceOnlyWhenPaid],
      [
        'a price for pass holders',
        { visibility: 'subscribers', price: 500 },
        AUDIO_MESSAGES.priceOnlyWhenPaid,
      ],
      ['a price in fractions', { visibility: 'pay-to-unlock', price: 500.5 }, AUDIO_MESSAGES.priceRange],
      ['an unknown genre', { genre: 'Polka' }, AUDIO_MESSAGES.genreRequired],
      ['no genre', { genre: undefined }, AUDIO_MESSAGES.genreRequired],
      ['an empty title', { title: '' }, AUDIO_MESSAGES.titleRequired],
      ['a blank title', { title: '   ' }, AUDIO_MESSAGES.titleRequired],
      ['a title too long', { title: 'x'.repeat(121) }, AUDIO_MESSAGES.titleTooLong],
    ];
    for (const [what, overrides, message] of cases) {
      const answer = await createAs(app, creator, await trackBody(app, creator, overrides));
      expect(answer.statusCode, what).toBe(400);
      expect(answer.json(), what).toMatchObject({ success: false, message });
    }
    const rows = await app.db.select().from(audioTracks).where(eq(audioTracks.authorId, creator.id));
    expect(rows).toEqual([]);
  });

  it('shows a track whose audio is still processing to its author only', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const processing = await publishTrack(app, creator, { status: 'processing', title: 'Not yet' });
    const ready = await publishTrack(app, creator, { title: 'Ready' });
    expect(processing.audio_asset).toMatchObject({
      status: 'processing',
      secure_url: null,
      preview_url: null,
    });

    const ownList = await getAs(app, creator.cookie, `/api/audio/profile-audios/${creator.username}/0`);
    expect(ownList.json().audios.map((audio: TAudio) => [audio.title, audio.audio_asset.status])).toEqual([
      ['Ready', 'ready'],
      ['Not yet', 'processing'],
    ]);
    expect((await fetchAudioAs(app, creator, processing.audioId)).statusCode).toBe(200);

    for (const viewer of [fan, undefined]) {
      const list = await getAs(app, viewer?.cookie, `/api/audio/profile-audios/${creator.username}/0`);
      expect(list.json().audios.map((audio: TAudio) => audio.audioId)).toEqual([ready.audioId]);
      const one = await fetchAudioAs(app, viewer, processing.audioId);
      expect(one.statusCode).toBe(404);
      expect(one.json().message).toBe(AUDIO_MESSAGES.notFound);
    }
  });
});
