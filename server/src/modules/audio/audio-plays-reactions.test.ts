import { AUDIO_MESSAGES, type TAudioPerformance } from '@stagepass/contract/audio';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { publishTrack } from '../../test/factories/audio.ts';
import { createFanWithBalance } from '../../test/factories/money.ts';
import { createPerson, getAs, type TestPerson } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { buyTrack, readAudioAs } from './audio.test-support.ts';
import { countAudioPlay } from './audio-reactions.service.ts';

const testApp = setupTestApp();

/** Reports `seconds` listened, as the player does, signed in (a person) or out (an address). */
function reportPlay(
  app: App,
  audioId: string,
  seconds: number,
  listener: { person?: TestPerson; remoteAddress?: string; userAgent?: string } = {},
) {
  return app.inject({
    method: 'PUT',
    url: `/api/audio/audio_reactions/${audioId}/audio_views`,
    headers: {
      'user-agent': listener.userAgent ?? 'StagepassTest/1.0',
      ...(listener.person ? { cookie: listener.person.cookie } : {}),
    },
    remoteAddress: listener.remoteAddress,
    payload: { value: seconds },
  });
}

function react(app: App, person: TestPerson | undefined, audioId: string, value: string) {
  return app.inject({
    method: 'PUT',
    url: `/api/audio/audio_reactions/${audioId}/likes/${value}`,
    headers: person ? { cookie: person.cookie } : {},
  });
}

async function readPerformance(app: App, person: TestPerson, audioId: string): Promise<TAudioPerformance> {
  const answer = await getAs(app, person.cookie, `/api/audio/audio-perfomance/${audioId}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().performance;
}

const DAY_MS = 86_400_000;

describe('audio_views', () => {
  it('counts a play at 30 seconds, once a listener a day', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const track = await publishTrack(app, creator);

    const short = await reportPlay(app, track.audioId, 10, { person: fan });
    expect(short.statusCode, short.body).toBe(200);
    expect(short.json()).toMatchObject({ success: true, audioId: track.audioId, counted: false, plays: 0 });

    const heard = await reportPlay(app, track.audioId, 30, { person: fan });
    expect(heard.json()).toMatchObject({ counted: true, plays: 1 });
    const again = await reportPlay(app, track.audioId, 120, { person: fan });
    expect(again.json()).toMatchObject({ counted: false, plays: 1 });
    expect((await readAudioAs(app, undefined, track.audioId)).plays).toBe(1);
  });

  it('counts a listener who has the preview only at the preview’s end', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const track = await publishTrack(app, creator, { visibility: 'pay-to-unlock' });
    expect((await readAudioAs(app, fan, track.audioId)).audio_asset.preview_duration).toBe(30);

    expect((await reportPlay(app, track.audioId, 20, { person: fan })).json()).toMatchObject({
      counted: false,
      plays: 0,
    });
    // Players report the end a little before the last sample.
    expect((await reportPlay(app, track.audioId, 29.6, { person: fan })).json()).toMatchObject({
      counted: true,
      plays: 1,
    });
  });

  it('counts signed-out listeners by their address', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const track = await publishTrack(app, creator);

    const first = await reportPlay(app, track.audioId, 45, { remoteAddress: '203.0.113.7' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ counted: true, plays: 1, viewerReaction: null });
    expect((await reportPlay(app, track.audioId, 45, { remoteAddress: '203.0.113.7' })).json()).toMatchObject(
      {
        counted: false,
        plays: 1,
      },
    );
    expect(
      (await reportPlay(app, track.audioId, 45, { remoteAddress: '198.51.100.20' })).json(),
    ).toMatchObject({
      counted: true,
      plays: 2,
    });
  });

  it('counts one signed-out address once a day, whatever browser it says it is', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const track = await publishTrack(app, creator);

    const agents = [
      'Mozilla/5.0 (Android 14)',
      'curl/8.5.0',
      '',
      'Mozilla/5.0 (iPhone) 1',
      'Mozilla/5.0 (iPhone) 2',
    ];
    const answers = [];
    for (const userAgent of agents) {
      answers.push(
        (await reportPlay(app, track.audioId, 45, { remoteAddress: '203.0.113.70', userAgent })).json(),
      );
    }
    expect(answers.map((answer) => answer.counted)).toEqual([true, false, false, false, false]);
    expect((await readAudioAs(app, undefined, track.audioId)).plays).toBe(1);
  });

  it('counts one IPv6 network (a /64, one home or phone) once a day, whichever address it picks', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const track = await publishTrack(app, creator);

    const ownNetwork = ['2001:db8:7:1::1', '2001:db8:7:1:a:b:c:d', '2001:db8:7:1:ffff::2'];
    const counted = [];
    for (const remoteAddress of ownNetwork) {
      counted.push((await reportPlay(app, track.audioId, 45, { remoteAddress })).json().counted);
    }
    expect(counted).toEqual([true, false, false]);
    // A neighbouring /64 is someone else.
    expect(
      (await reportPlay(app, track.audioId, 45, { remoteAddress: '2001:db8:7:2::1' })).json(),
    ).toMatchObject({
      counted: true,
      plays: 2,
    });
  });

  it('counts the same listener again on the next UTC day', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const track = await publishTrack(app, creator);
    const play = (now: Date, person: TestPerson | undefined) =>
      countAudioPlay({
        db: app.db,
        appSecret: app.config.appSecret,
        viewerId: person?.id,
        visitorAddress: '203.0.113.9',
        audioId: track.audioId,
        secondsListened: 40,
        now,
      });

    const lateEvening = new Date('2031-03-14T23:59:59.000Z');
    const sameDay = new Date('2031-03-14T00:00:01.000Z');
    const nextDay = new Date('2031-03-15T00:00:00.500Z');
    for (const person of [fan, undefined]) {
      expect((await play(lateEvening, person)).counted).toBe(true);
      expect((await play(sameDay, person)).counted).toBe(false);
      expect((await play(nextDay, person)).counted).toBe(true);
    }
    expect((await readAudioAs(app, undefined, track.audioId)).plays).toBe(4);
  });

  it('counts ten reports sent at once as one play', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const track = await publishTrack(app, creator);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => reportPlay(app, track.audioId, 31, { person: fan })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((answer) => answer.json().counted)).toHaveLength(1);
    expect((await readAudioAs(app, undefined, track.audioId)).plays).toBe(1);
  });

  it('refuses a value that is not seconds, and a track that does not exist', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const track = await publishTrack(app, creator);
    for (const value of [-1, 86_401, 'thirty']) {
      const answer = await app.inject({
        method: 'PUT',
        url: `/api/audio/audio_reactions/${track.audioId}/audio_views`,
        payload: { value },
      });
      expect(answer.statusCode, String(value)).toBe(400);
      expect(answer.json().message).toBe(AUDIO_MESSAGES.playValue);
    }
    expect((await reportPlay(app, 'AAAAAAAAAAAAAAAA', 40)).statusCode).toBe(404);
  });
});

describe('audio_reactions likes', () => {
  it('is refused to a listener without full access', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const track = await publishTrack(app, creator, { visibility: 'subscribers' });

    const locked = await react(app, fan, track.audioId, 'love');
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ success: false, message: AUDIO_MESSAGES.lockedReaction });
    expect((await react(app, undefined, track.audioId, 'love')).statusCode).toBe(401);
    expect((await readAudioAs(app, creator, track.audioId)).reactionCounts.love).toBe(0);
  });

  it('sets one reaction per listener: a new one replaces it, none removes it, a repeat changes nothing', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const other = await createPerson(app, { role: 'fan' });
    const track = await publishTrack(app, creator);

    const love = await react(app, fan, track.audioId, 'love');
    expect(love.statusCode, love.body).toBe(200);
    expect(love.json()).toMatchObject({
      success: true,
      viewerReaction: 'love',
      reactionCounts: { love: 1, haha: 0 },
      counted: false,
    });
    const haha = await react(app, fan, track.audioId, 'haha');
    expect(haha.json()).toMatchObject({ viewerReaction: 'haha', reactionCounts: { love: 0, haha: 1 } });
    // Idempotent: the same PUT again sets the same reaction.
    const repeat = await react(app, fan, track.audioId, 'haha');
    expect(repeat.json()).toMatchObject({ viewerReaction: 'haha', reactionCounts: { love: 0, haha: 1 } });
    await react(app, other, track.audioId, 'haha');
    expect((await readAudioAs(app, fan, track.audioId)).reactionCounts).toMatchObject({ haha: 2 });

    const none = await react(app, fan, track.audioId, 'none');
    expect(none.json()).toMatchObject({ viewerReaction: null, reactionCounts: { love: 0, haha: 1 } });
    const noneAgain = await react(app, fan, track.audioId, 'none');
    expect(noneAgain.statusCode).toBe(200);
    expect(noneAgain.json()).toMatchObject({ viewerReaction: null, reactionCounts: { haha: 1 } });
    expect(await readAudioAs(app, other, track.audioId)).toMatchObject({ viewerReaction: 'haha' });
  });

  it('refuses a value that is not a reaction', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const track = await publishTrack(app, creator);
    const answer = await react(app, fan, track.audioId, 'like');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(AUDIO_MESSAGES.reactionValue);
  });
});

describe('audio-perfomance', () => {
  it('is for the track’s author only', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const otherCreator = await createPerson(app);
    const track = await publishTrack(app, creator);
    for (const person of [fan, otherCreator]) {
      const answer = await getAs(app, person.cookie, `/api/audio/audio-perfomance/${track.audioId}`);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe(AUDIO_MESSAGES.authorOnly);
    }
    expect((await getAs(app, undefined, `/api/audio/audio-perfomance/${track.audioId}`)).statusCode).toBe(
      401,
    );
  });

  it('tells plays, distinct listeners, reactions, unlocks and earnings, and 30 days of plays', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const buyer = await createFanWithBalance(app, 2_000);
    const listener = await createPerson(app, { role: 'fan' });
    const track = await publishTrack(app, creator, { visibility: 'pay-to-unlock', price: 500 });
    const before = await readPerformance(app, creator, track.audioId);
    expect(before).toMatchObject({ plays: 0, listeners: 0, unlocks: 0, earnings: 0 });

    expect((await buyTrack(app, buyer, creator, track.audioId)).statusCode).toBe(201);
    await react(app, buyer, track.audioId, 'wow');
    await reportPlay(app, track.audioId, 60, { person: buyer });
    await reportPlay(app, track.audioId, 29.8, { person: listener }); // the whole preview
    await reportPlay(app, track.audioId, 60, { remoteAddress: '203.0.113.50' });
    // The buyer listened yesterday too: two plays, one listener.
    const now = new Date();
    await countAudioPlay({
      db: app.db,
      appSecret: app.config.appSecret,
      viewerId: buyer.id,
      visitorAddress: '127.0.0.1',
      audioId: track.audioId,
      secondsListened: 60,
      now: new Date(now.getTime() - DAY_MS),
    });

    const performance = await readPerformance(app, creator, track.audioId);
    expect(performance).toMatchObject({
      audioId: track.audioId,
      plays: 4,
      listeners: 3,
      unlocks: 1,
      // K5 less the platform's 10%.
      earnings: 450,
      reactions: { wow: 1, love: 0 },
    });
    const days = performance.playsByDay;
    expect(days).toHaveLength(30);
    const today = now.toISOString().slice(0, 10);
    const yesterday = new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
    const firstDay = new Date(now.getTime() - 29 * DAY_MS).toISOString().slice(0, 10);
    expect(days.at(-1)).toEqual({ day: today, plays: 3 });
    expect(days.at(-2)).toEqual({ day: yesterday, plays: 1 });
    expect(days[0]).toEqual({ day: firstDay, plays: 0 });
    expect(days.map((day) => day.day)).toEqual([...days.map((day) => day.day)].sort());
    expect(days.reduce((sum, day) => sum + day.plays, 0)).toBe(4);
  });
});

describe('audio_views behind a proxy (TRUST_PROXY=true)', () => {
  const behindProxy = setupTestApp({ env: { TRUST_PROXY: 'true' } });

  it('counts the address the proxy saw, not what the client wrote before it in X-Forwarded-For', async () => {
    const { app } = behindProxy;
    const creator = await createPerson(app);
    const track = await publishTrack(app, creator);
    const report = (forwardedFor: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/audio/audio_reactions/${track.audioId}/audio_views`,
        headers: { 'x-forwarded-for': forwardedFor },
        remoteAddress: '10.0.0.2', // the proxy
        payload: { value: 45 },
      });

    // The proxy appends the address it saw; anything to its left is the client's own words.
    const counted = [];
    for (const madeUp of ['192.0.2.1', '192.0.2.2', '192.0.2.3, 192.0.2.4']) {
      counted.push((await report(`${madeUp}, 203.0.113.80`)).json().counted);
    }
    expect(counted).toEqual([true, false, false]);
    expect((await report('203.0.113.81')).json()).toMatchObject({ counted: true, plays: 2 });
  });
});
