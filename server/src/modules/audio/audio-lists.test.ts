import { AUDIO_MESSAGES, AUDIO_PAGE_SIZE, type TAudio } from '@stagepass/contract/audio';
import type { TPost } from '@stagepass/contract/posts';
import { PROFILE_MESSAGES } from '@stagepass/contract/profiles';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { publishTrack } from '../../test/factories/audio.ts';
import { insertPostMedia } from '../../test/factories/media.ts';
import { createPerson, getAs, type TestPerson } from '../../test/factories/people.ts';
import { createPostAs, publishText } from '../../test/factories/posts.ts';
import { setupTestApp } from '../../test/test-app.ts';

const testApp = setupTestApp();

/** Tracks published one after the other, titled 'Track 1' (the oldest) to 'Track n'. */
async function publishMany(app: App, creator: TestPerson, count: number): Promise<TAudio[]> {
  const tracks: TAudio[] = [];
  for (let i = 1; i <= count; i += 1) tracks.push(await publishTrack(app, creator, { title: `Track ${i}` }));
  return tracks;
}

/** Every page of a list from '0' (or `from`), following nextPage: the pages' tracks, page by page. */
async function readAllPages(
  app: App,
  viewer: TestPerson | undefined,
  path: (cursor: string) => string,
  from = '0',
) {
  const pages: TAudio[][] = [];
  let cursor: string | null = from;
  while (cursor !== null) {
    const answer = await getAs(app, viewer?.cookie, path(cursor));
    expect(answer.statusCode, answer.body).toBe(200);
    pages.push(answer.json().audios);
    cursor = answer.json().nextPage;
    if (pages.length > 10) throw new Error('the list does not end');
  }
  return pages;
}

const titles = (tracks: readonly TAudio[]) => tracks.map((track) => track.title);

describe('profile-audios', () => {
  it('pages a creator’s tracks 10 at a time, newest first, without repeats, to the end', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    await publishMany(app, creator, 12);
    const fan = await createPerson(app, { role: 'fan' });

    const first = await getAs(app, fan.cookie, `/api/audio/profile-audios/${creator.username}/0`);
    expect(first.statusCode).toBe(200);
    expect(titles(first.json().audios)).toEqual(Array.from({ length: 10 }, (_, i) => `Track ${12 - i}`));
    expect(first.json().nextPage).toEqual(expect.any(String));

    const second = await getAs(
      app,
      fan.cookie,
      `/api/audio/profile-audios/${creator.username}/${first.json().nextPage}`,
    );
    expect(second.statusCode).toBe(200);
    expect(titles(second.json().audios)).toEqual(['Track 2', 'Track 1']);
    expect(second.json().nextPage).toBeNull();

    // The username works without its '@' too, and a visitor gets the same pages.
    const pages = await readAllPages(
      app,
      undefined,
      (cursor) => `/api/audio/profile-audios/${creator.username.slice(1)}/${cursor}`,
    );
    expect(pages.map((page) => page.length)).toEqual([10, 2]);
    const ids = pages.flat().map((track) => track.audioId);
    expect(new Set(ids).size).toBe(12);
  });

  it('answers an empty first page with no next page for a creator without tracks', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const answer = await getAs(app, undefined, `/api/audio/profile-audios/${creator.username}/0`);
    expect(answer.json()).toEqual({ success: true, audios: [], nextPage: null });
  });

  it('refuses a cursor it did not make, and an unknown creator', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    await publishTrack(app, creator);
    const forged = Buffer.from(JSON.stringify({ at: 'yesterday', id: 'x' })).toString('base64url');
    for (const cursor of ['garbage', forged, '1']) {
      const answer = await getAs(app, undefined, `/api/audio/profile-audios/${creator.username}/${cursor}`);
      expect(answer.statusCode, cursor).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, message: AUDIO_MESSAGES.invalidCursor });
    }
    const unknown = await getAs(app, undefined, '/api/audio/profile-audios/@nobody-here/0');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PROFILE_MESSAGES.profileNotFound);
  });
});

describe('player-audios', () => {
  const track = (n: number) => `Track ${n}`;
  /** 'Track from' down to 'Track to', as the list reads newest first. */
  const newestFirst = (from: number, to: number) =>
    Array.from({ length: from - to + 1 }, (_, i) => track(from - i));

  it('opens on the page around initialAudioId in the creator’s order, and pages both ways from it', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const tracks = await publishMany(app, creator, 27);
    const initial = tracks[11]!; // 'Track 12'
    const path = (cursor: string) =>
      `/api/audio/player-audios/${creator.username}/${cursor}?initialAudioId=${initial.audioId}`;

    const first = await getAs(app, undefined, path('0'));
    expect(first.statusCode, first.body).toBe(200);
    // Newer tracks before it (Previous has somewhere to go), older ones after it: 10 in all.
    expect(titles(first.json().audios)).toEqual(newestFirst(16, 7));
    expect(first.json().audios).toHaveLength(AUDIO_PAGE_SIZE);

    // On to older tracks, to the end.
    const older = await getAs(app, undefined, path(first.json().nextPage));
    expect(older.statusCode, older.body).toBe(200);
    expect(titles(older.json().audios)).toEqual(newestFirst(6, 1));
    expect(older.json().nextPage).toBeNull();

    // Back to newer ones: the nearest ten, in the list's order, then the rest.
    const newer = await getAs(app, undefined, path(first.json().previousPage));
    expect(newer.statusCode, newer.body).toBe(200);
    expect(titles(newer.json().audios)).toEqual(newestFirst(26, 17));
    const newest = await getAs(app, undefined, path(newer.json().previousPage));
    expect(titles(newest.json().audios)).toEqual([track(27)]);
    expect(newest.json().previousPage).toBeNull();

    // Every page goes both ways: read again from the newest page on by nextPage alone (as a
    // client refetches its pages), the list is whole.
    const again = await readAllPages(app, undefined, path, newest.json().nextPage);
    expect(titles([newest.json().audios, ...again].flat())).toEqual(newestFirst(27, 1));
    const back = await getAs(app, undefined, path(older.json().previousPage));
    expect(titles(back.json().audios)).toEqual(newestFirst(16, 7));

    // Put together, the profile's order exactly, each track once.
    const all = [newest, newer, first, older].flatMap((answer) => titles(answer.json().audios));
    expect(all).toEqual(newestFirst(27, 1));
    // The way back is the player's own: the profile's list refuses it as a cursor it did not make.
    const profile = await getAs(
      app,
      undefined,
      `/api/audio/profile-audios/${creator.username}/${first.json().previousPage}`,
    );
    expect(profile.statusCode).toBe(400);
  });

  it('fills the first page from the other side at either end of the list', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const tracks = await publishMany(app, creator, 12);
    const path = (audioId: string) =>
      `/api/audio/player-audios/${creator.username}/0?initialAudioId=${audioId}`;

    const newestOpened = await getAs(app, undefined, path(tracks[11]!.audioId));
    expect(titles(newestOpened.json().audios)).toEqual(newestFirst(12, 3));
    expect(newestOpened.json().previousPage).toBeNull();
    expect(newestOpened.json().nextPage).toEqual(expect.any(String));

    const oldestOpened = await getAs(app, undefined, path(tracks[0]!.audioId));
    expect(titles(oldestOpened.json().audios)).toEqual(newestFirst(10, 1));
    expect(oldestOpened.json().nextPage).toBeNull();
    const rest = await getAs(
      app,
      undefined,
      `/api/audio/player-audios/${creator.username}/${oldestOpened.json().previousPage}`,
    );
    expect(titles(rest.json().audios)).toEqual(newestFirst(12, 11));
  });

  it('keeps a track still processing out for others and in for its author, around the opened one', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const tracks = await publishMany(app, creator, 3);
    const processing = await publishTrack(app, creator, { title: 'Track 4', status: 'processing' });
    const path = `/api/audio/player-audios/${creator.username}/0?initialAudioId=${tracks[1]!.audioId}`;
    expect(titles((await getAs(app, undefined, path)).json().audios)).toEqual(newestFirst(3, 1));
    expect(titles((await getAs(app, creator.cookie, path)).json().audios)).toEqual(newestFirst(4, 1));
    expect(processing.title).toBe('Track 4');
  });

  it('without initialAudioId is the profile’s list', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    await publishMany(app, creator, 3);
    const answer = await getAs(app, undefined, `/api/audio/player-audios/${creator.username}/0`);
    expect(titles(answer.json().audios)).toEqual(['Track 3', 'Track 2', 'Track 1']);
    expect(answer.json()).toMatchObject({ nextPage: null, previousPage: null });
  });

  it('refuses an initialAudioId of another creator, a missing one and a malformed one', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const other = await createPerson(app);
    await publishTrack(app, creator);
    const othersTrack = await publishTrack(app, other);
    const path = `/api/audio/player-audios/${creator.username}/0?initialAudioId=`;

    const ofOther = await getAs(app, undefined, `${path}${othersTrack.audioId}`);
    expect(ofOther.statusCode).toBe(404);
    expect(ofOther.json().message).toBe(AUDIO_MESSAGES.notFound);
    expect((await getAs(app, undefined, `${path}AAAAAAAAAAAAAAAA`)).statusCode).toBe(404);
    const malformed = await getAs(app, undefined, `${path}short`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(AUDIO_MESSAGES.invalidAudioId);
    expect(
      (await getAs(app, undefined, `/api/audio/player-audios/${creator.username}/garbage`)).statusCode,
    ).toBe(400);
  });
});

describe('fetch_related_audios', () => {
  it('lists the creator’s same-genre tracks first, then other creators’, never the track itself or another genre', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const other = await createPerson(app);
    const third = await createPerson(app);
    // The creator's tracks are the oldest: "newest first" alone would put the others' first.
    const own: TAudio[] = [];
    for (let i = 1; i <= 4; i += 1) {
      own.push(await publishTrack(app, creator, { title: `Own ${i}`, genre: 'Amapiano' }));
    }
    await publishTrack(app, creator, { title: 'Own jazz', genre: 'Jazz' });
    for (let i = 1; i <= 9; i += 1) {
      await publishTrack(app, other, { title: `Other ${i}`, genre: 'Amapiano' });
    }
    await publishTrack(app, other, { title: 'Other gospel', genre: 'Gospel' });
    await publishTrack(app, third, { title: 'Third processing', genre: 'Amapiano', status: 'processing' });
    const target = own[1]!; // 'Own 2'

    const pages = await readAllPages(
      app,
      undefined,
      (cursor) => `/api/audio/fetch_related_audios/${target.audioId}/${cursor}`,
    );
    expect(pages.map((page) => page.length)).toEqual([10, 2]);
    expect(titles(pages.flat())).toEqual([
      'Own 4',
      'Own 3',
      'Own 1',
      ...Array.from({ length: 9 }, (_, i) => `Other ${9 - i}`),
    ]);
    expect(pages.flat().every((track) => track.genre === 'Amapiano')).toBe(true);
  });

  it('pages through the creator’s own part when it spans pages', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const other = await createPerson(app);
    await publishTrack(app, other, { title: 'Other 1', genre: 'Zamrock' });
    const own: TAudio[] = [];
    for (let i = 1; i <= 12; i += 1) {
      own.push(await publishTrack(app, creator, { title: `Own ${i}`, genre: 'Zamrock' }));
    }
    await publishTrack(app, other, { title: 'Other 2', genre: 'Zamrock' });

    const pages = await readAllPages(
      app,
      undefined,
      (cursor) => `/api/audio/fetch_related_audios/${own[11]!.audioId}/${cursor}`,
    );
    expect(pages.map((page) => page.length)).toEqual([10, 3]);
    expect(titles(pages.flat())).toEqual([
      ...Array.from({ length: 11 }, (_, i) => `Own ${11 - i}`),
      'Other 2',
      'Other 1',
    ]);
  });

  it('answers 404 for an unknown track and 400 for a cursor it did not make', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const track = await publishTrack(app, creator);
    expect(
      (await getAs(app, undefined, '/api/audio/fetch_related_audios/AAAAAAAAAAAAAAAA/0')).statusCode,
    ).toBe(404);
    const bad = await getAs(app, undefined, `/api/audio/fetch_related_audios/${track.audioId}/garbage`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(AUDIO_MESSAGES.invalidCursor);
  });
});

describe('fetch_videos', () => {
  it('lists only the creator’s video posts', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const video = await insertPostMedia(app, creator.id, { kind: 'video' });
    const photo = await insertPostMedia(app, creator.id, { kind: 'image' });
    const videoPost = await createPostAs(app, creator.cookie, {
      type: 'video',
      description: 'Live at the Lusaka Playhouse',
      postAssets: { video: { public_id: video.publicId } },
    });
    expect(videoPost.statusCode, videoPost.body).toBe(201);
    const photoPost = await createPostAs(app, creator.cookie, {
      type: 'photo',
      description: 'Backstage',
      postAssets: { image: { public_id: photo.publicId } },
    });
    expect(photoPost.statusCode, photoPost.body).toBe(201);
    await publishText(app, creator);
    await publishTrack(app, creator);
    // Another creator's video is not in this creator's row.
    const other = await createPerson(app);
    const othersVideo = await insertPostMedia(app, other.id, { kind: 'video' });
    await createPostAs(app, other.cookie, {
      type: 'video',
      description: 'Elsewhere',
      postAssets: { video: { public_id: othersVideo.publicId } },
    });

    const answer = await getAs(app, undefined, `/api/audio/fetch_videos/${creator.username}/0`);
    expect(answer.statusCode, answer.body).toBe(200);
    const videos = answer.json().videos as TPost[];
    expect(videos.map((post) => post.postId)).toEqual([videoPost.json().newPost.postId]);
    expect(videos[0]).toMatchObject({ type: 'video', postAssets: { video: { public_id: video.publicId } } });
    expect(answer.json().nextPage).toBeNull();

    expect((await getAs(app, undefined, '/api/audio/fetch_videos/@nobody-here/0')).statusCode).toBe(404);
  });
});
