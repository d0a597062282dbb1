import type { TAudio } from '@stagepass/contract/audio';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { publishTrack } from '../../test/factories/audio.ts';
import { createFanWithBalance } from '../../test/factories/money.ts';
import { createPerson, getAs, insertBlock, type TestPerson } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { signMediaUrl } from '../media/media-urls.service.ts';
import {
  audioKey,
  buyTrack,
  buyWeeklyPass,
  fetchAudioAs,
  fetchMedia,
  readAudioAs,
} from './audio.test-support.ts';

/**
 * The preview that cannot be bypassed: whoever may not hear a track in full gets the
 * 30-second preview, a file of its own, and no address that opens a full rendition; a
 * guessed, borrowed or altered address of one is refused by /media.
 */

const testApp = setupTestApp();

/** Replaces one query parameter of a signed address. */
function withParam(address: string, name: string, value: string): string {
  const url = new URL(address, 'http://stagepass.test');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

/** Every way the track's answers could leak the uploaded original: none may mention it. */
function expectNoOriginal(answerBody: string) {
  expect(answerBody).not.toContain('original');
}

async function expectPreviewOnly(app: App, audio: TAudio, lockReason: 'pay-to-unlock' | 'subscribers') {
  expect(audio).toMatchObject({ hasPaid: false, lockReason, profileInteraction: 'GUEST' });
  expect(audio.audio_asset).toMatchObject({ secure_url: null, data_saver_url: null, preview_duration: 30 });
  // The preview and the waveform are open: they fetch without any cookie.
  const preview = audio.audio_asset.preview_url!;
  expect(preview).toBe(`/media/${audioKey(audio, 'preview.m4a')}`);
  const fetched = await fetchMedia(app, preview);
  expect(fetched.statusCode).toBe(200);
  expect(fetched.body).toBe('preview bytes');
  expect((await fetchMedia(app, audio.audio_asset.waveform_url!)).statusCode).toBe(200);
}

describe('a track that is not public, heard without access', () => {
  for (const visibility of ['pay-to-unlock', 'subscribers'] as const) {
    it(`gives a visitor and a fan of a ${visibility} track the preview only`, async () => {
      const { app } = testApp;
      const creator = await createPerson(app);
      const fan = await createPerson(app, { role: 'fan' });
      const track = await publishTrack(app, creator, { visibility });

      for (const viewer of [undefined, fan]) {
        const answer = await fetchAudioAs(app, viewer, track.audioId);
        expect(answer.statusCode).toBe(200);
        expectNoOriginal(answer.body);
        await expectPreviewOnly(app, answer.json().audio, visibility);
      }
      // The lists give the same, never a full address.
      const list = await getAs(app, fan.cookie, `/api/audio/profile-audios/${creator.username}/0`);
      expectNoOriginal(list.body);
      await expectPreviewOnly(app, list.json().audios[0], visibility);
      expect(list.body).not.toContain('audio.m4a');
      expect(list.body).not.toContain('audio-lite.m4a');
    });
  }

  it('refuses the full renditions and the original to anyone without a valid signature of their own', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const track = await publishTrack(app, creator, { visibility: 'pay-to-unlock' });
    const authorView = await readAudioAs(app, creator, track.audioId);
    const authorsAddress = authorView.audio_asset.secure_url!;
    expect(authorsAddress).toContain('sig=');

    // The keys are easy to guess from the preview's: without a signature they are refused.
    for (const file of ['audio.m4a', 'audio-lite.m4a', 'original.mp3'] as const) {
      for (const cookie of [undefined, fan.cookie, creator.cookie]) {
        const answer = await fetchMedia(app, `/media/${audioKey(track, file)}`, { cookie });
        expect(answer.statusCode, `${file} ${cookie ? 'signed in' : 'signed out'}`).toBe(403);
        expect(answer.body).toBe('Forbidden');
      }
    }

    // The author's address, copied to the fan or to a visitor: refused.
    expect((await fetchMedia(app, authorsAddress, { cookie: fan.cookie })).statusCode).toBe(403);
    expect((await fetchMedia(app, authorsAddress)).statusCode).toBe(403);

    // Altered: another viewer, a later expiry, a forged signature, another file. Refused even with
    // the cookie of the viewer it now names.
    const { exp, viewer } = Object.fromEntries(new URL(authorsAddress, 'http://x').searchParams);
    const altered: [string, string, string][] = [
      ['viewer changed to the fan', withParam(authorsAddress, 'viewer', fan.id), fan.cookie],
      ['expiry moved on', withParam(authorsAddress, 'exp', String(Number(exp) + 3600)), creator.cookie],
      ['signature forged', withParam(authorsAddress, 'sig', 'A'.repeat(43)), creator.cookie],
      ['signature cut', withParam(authorsAddress, 'sig', ''), creator.cookie],
      [
        'signature of the full file used for the original',
        authorsAddress.replace('/audio.m4a?', '/original.mp3?'),
        creator.cookie,
      ],
    ];
    for (const [what, address, cookie] of altered) {
      expect((await fetchMedia(app, address, { cookie })).statusCode, what).toBe(403);
    }
    expect(viewer).toBe(creator.id);

    // A real signature that has expired: refused too.
    const expired = signMediaUrl({
      secret: app.config.appSecret,
      key: audioKey(track, 'audio.m4a'),
      viewerId: creator.id,
      expiresAt: new Date(Date.now() - 1_000),
    });
    expect((await fetchMedia(app, expired, { cookie: creator.cookie })).statusCode).toBe(403);
  });

  it('never names the original in any answer, to anyone', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const buyer = await createFanWithBalance(app, 5_000);
    const holder = await createFanWithBalance(app, 5_000);
    const tracks = [
      await publishTrack(app, creator, { visibility: 'everyone' }),
      await publishTrack(app, creator, { visibility: 'subscribers' }),
      await publishTrack(app, creator, { visibility: 'pay-to-unlock' }),
    ];
    await buyTrack(app, buyer, creator, tracks[2]!.audioId);
    await buyWeeklyPass(app, holder, creator);

    for (const viewer of [undefined, creator, buyer, holder]) {
      for (const track of tracks) {
        const answer = await fetchAudioAs(app, viewer, track.audioId);
        expect(answer.statusCode).toBe(200);
        expectNoOriginal(answer.body);
        const { audio_asset: asset } = answer.json().audio as TAudio;
        for (const url of [asset.secure_url, asset.data_saver_url, asset.preview_url, asset.waveform_url]) {
          expect(url ?? '').not.toContain('original');
        }
      }
      for (const path of ['profile-audios', 'player-audios']) {
        expectNoOriginal((await getAs(app, viewer?.cookie, `/api/audio/${path}/${creator.username}/0`)).body);
      }
    }
  });

  it('keeps the preview a separate file from the full rendition', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const track = await readAudioAs(app, creator, (await publishTrack(app, creator)).audioId);
    const full = new URL(track.audio_asset.secure_url!, 'http://x').pathname;
    const preview = new URL(track.audio_asset.preview_url!, 'http://x').pathname;
    expect(preview).not.toBe(full);
    expect((await fetchMedia(app, preview)).body).not.toBe((await fetchMedia(app, full)).body);
  });
});

describe('a track heard in full', () => {
  it('gives its author signed addresses that fetch with their cookie, ranges included', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const track = await publishTrack(app, creator, { visibility: 'pay-to-unlock' });
    const audio = await readAudioAs(app, creator, track.audioId);
    expect(audio).toMatchObject({ hasPaid: true, lockReason: null, profileInteraction: 'AUTHOR' });
    expect(audio.urlsExpireAt).not.toBeNull();

    const full = await fetchMedia(app, audio.audio_asset.secure_url!, { cookie: creator.cookie });
    expect(full.statusCode).toBe(200);
    expect(full.body).toBe('audio bytes');
    expect(full.headers['content-type']).toBe('audio/mp4');
    expect(full.headers['cache-control']).toBe('private, no-store');
    const lite = await fetchMedia(app, audio.audio_asset.data_saver_url!, { cookie: creator.cookie });
    expect(lite.statusCode).toBe(200);
    expect(lite.body).toBe('audio-lite bytes');

    const range = await fetchMedia(app, audio.audio_asset.secure_url!, {
      cookie: creator.cookie,
      headers: { range: 'bytes=2-6' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 2-6/${'audio bytes'.length}`);
    expect(range.body).toBe('dio b');
  });

  it('opens a pay-to-unlock track to the fan who unlocked it, and to no one else', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 2_000);
    const stranger = await createPerson(app, { role: 'fan' });
    const track = await publishTrack(app, creator, { visibility: 'pay-to-unlock', price: 500 });

    const bought = await buyTrack(app, fan, creator, track.audioId);
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().purchase).toMatchObject({ kind: 'unlock', status: 'completed', amount: 500 });

    const audio = await readAudioAs(app, fan, track.audioId);
    expect(audio).toMatchObject({ hasPaid: true, lockReason: null, profileInteraction: 'GUEST' });
    const address = audio.audio_asset.secure_url!;
    expect(address).toContain(`viewer=${fan.id}`);
    const full = await fetchMedia(app, address, { cookie: fan.cookie });
    expect(full.statusCode).toBe(200);
    expect(full.body).toBe('audio bytes');
    expect(
      (await fetchMedia(app, audio.audio_asset.data_saver_url!, { cookie: fan.cookie })).statusCode,
    ).toBe(200);

    // The buyer's address is the buyer's: shared, it opens nothing.
    expect((await fetchMedia(app, address, { cookie: stranger.cookie })).statusCode).toBe(403);
    expect((await fetchMedia(app, address)).statusCode).toBe(403);
    await expectPreviewOnly(app, await readAudioAs(app, stranger, track.audioId), 'pay-to-unlock');
  });

  it('opens a subscribers’ track to a pass holder, but not a pay-to-unlock one', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const holder = await createFanWithBalance(app, 5_000);
    const forHolders = await publishTrack(app, creator, { visibility: 'subscribers' });
    const forSale = await publishTrack(app, creator, { visibility: 'pay-to-unlock' });
    await buyWeeklyPass(app, holder, creator);

    const audio = await readAudioAs(app, holder, forHolders.audioId);
    expect(audio).toMatchObject({ hasPaid: true, lockReason: null });
    const full = await fetchMedia(app, audio.audio_asset.secure_url!, { cookie: holder.cookie });
    expect(full.statusCode).toBe(200);
    expect(full.body).toBe('audio bytes');

    await expectPreviewOnly(app, await readAudioAs(app, holder, forSale.audioId), 'pay-to-unlock');
  });

  it('gives everyone the plain, open address of a public track', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const track = await publishTrack(app, creator, { visibility: 'everyone' });
    const audio = await readAudioAs(app, undefined, track.audioId);
    expect(audio).toMatchObject({ hasPaid: true, lockReason: null, urlsExpireAt: null });
    expect(audio.audio_asset.secure_url).toBe(`/media/${audioKey(track, 'audio.m4a')}`);
    expect(audio.audio_asset.data_saver_url).toBe(`/media/${audioKey(track, 'audio-lite.m4a')}`);
    const full = await fetchMedia(app, audio.audio_asset.secure_url!);
    expect(full.statusCode).toBe(200);
    expect(full.body).toBe('audio bytes');
    expect(full.headers['cache-control']).toContain('public');
    // Open does not mean the upload itself: the original stays closed.
    expect((await fetchMedia(app, `/media/${audioKey(track, 'original.mp3')}`)).statusCode).toBe(403);
  });
});

describe('blocks', () => {
  it('hide each creator’s tracks from the other, whichever way the block goes', async () => {
    const { app } = testApp;
    const blocker = await createPerson(app);
    const blocked = await createPerson(app);
    const blockersTrack = await publishTrack(app, blocker);
    const blockedsTrack = await publishTrack(app, blocked);
    const cases: [TestPerson, string][] = [
      [blocked, blockersTrack.audioId],
      [blocker, blockedsTrack.audioId],
    ];
    for (const [viewer, audioId] of cases)
      expect((await fetchAudioAs(app, viewer, audioId)).statusCode).toBe(200);

    await insertBlock(app, blocker.id, blocked.id);
    for (const [viewer, audioId] of cases) {
      expect((await fetchAudioAs(app, viewer, audioId)).statusCode).toBe(404);
      expect(
        (await getAs(app, viewer.cookie, `/api/audio/fetch_related_audios/${audioId}/0`)).statusCode,
      ).toBe(404);
    }
    const blockersList = await getAs(app, blocked.cookie, `/api/audio/profile-audios/${blocker.username}/0`);
    expect(blockersList.statusCode).toBe(404);
    const blockedsList = await getAs(app, blocker.cookie, `/api/audio/profile-audios/${blocked.username}/0`);
    expect(blockedsList.statusCode).toBe(404);
    // Others still see both.
    expect((await fetchAudioAs(app, undefined, blockersTrack.audioId)).statusCode).toBe(200);
  });
});
