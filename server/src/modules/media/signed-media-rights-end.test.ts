import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import { passes } from '../../db/schema/index.ts';
import { publishTrack } from '../../test/factories/audio.ts';
import { buyAs, createFanWithBalance } from '../../test/factories/money.ts';
import { createPerson, getAs, insertBlock, type TestPerson } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { MEDIA_URL_MAX_LIFETIME_MS } from './signed-media-url.ts';

// Rights end when they end (decision 021): a full-file address is checked by its signature
// alone, so what a block or an ended pass may be outlived by is the address's lifetime, at
// most MEDIA_URL_MAX_LIFETIME_MS (15 minutes). The server's clock is moved past it (only
// Date: the database keeps its own time).

const testApp = setupTestApp({ env: { JOB_CONCURRENCY: '0' } });

afterEach(() => {
  vi.useRealTimers();
});

/** A pass holder of a creator's tracks for pass holders, and the full file's signed address. */
async function passHolderWithAddress(app: App) {
  const creator = await createPerson(app);
  const fan = await createFanWithBalance(app, 10_000);
  const priced = await app.inject({
    method: 'PUT',
    url: '/api/users/pricing',
    headers: { cookie: creator.cookie },
    payload: { period: 'weekly', price: 2_000 },
  });
  expect(priced.statusCode).toBe(200);
  expect(
    (await buyAs(app, fan, { kind: 'pass', creator: creator.username, period: 'weekly' })).statusCode,
  ).toBe(201);
  const track = await publishTrack(app, creator, { visibility: 'subscribers' });
  const read = await getAs(app, fan.cookie, `/api/audio/fetch-audio/${track.audioId}`);
  const address: string | null = read.json().audio.audio_asset.secure_url;
  if (!address) throw new Error(`no full address for the pass holder: ${read.body}`);
  return { creator, fan, track, address };
}

const fetchRange = (app: App, fan: TestPerson, address: string) =>
  app.inject({ url: address, headers: { cookie: fan.cookie, range: 'bytes=0-99' } });

/** The server's clock, `ms` from now. */
function moveClockBy(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
}

describe('a full-file address issued before rights end', () => {
  it('stops working within 15 minutes of a block, and no new one is issued', async () => {
    const { app } = testApp;
    const { creator, fan, track, address } = await passHolderWithAddress(app);
    expect((await fetchRange(app, fan, address)).statusCode).toBe(206);
    const exp = Number(new URL(address, 'http://localhost').searchParams.get('exp')) * 1000;
    expect(exp - Date.now()).toBeLessThanOrEqual(MEDIA_URL_MAX_LIFETIME_MS);

    await insertBlock(app, creator.id, fan.id);
    moveClockBy(MEDIA_URL_MAX_LIFETIME_MS + 1000);

    expect((await fetchRange(app, fan, address)).statusCode).toBe(403);
    const again = await getAs(app, fan.cookie, `/api/audio/fetch-audio/${track.audioId}`);
    expect(again.statusCode).toBe(404);
  });

  it('stops working within 15 minutes of the pass ending, and the track reads as a preview', async () => {
    const { app } = testApp;
    const { creator, fan, track, address } = await passHolderWithAddress(app);
    expect((await fetchRange(app, fan, address)).statusCode).toBe(206);

    await app.db
      .update(passes)
      .set({ expiresAt: sql`now()` })
      .where(and(eq(passes.fanId, fan.id), eq(passes.creatorId, creator.id)));
    moveClockBy(MEDIA_URL_MAX_LIFETIME_MS + 1000);

    expect((await fetchRange(app, fan, address)).statusCode).toBe(403);
    const again = await getAs(app, fan.cookie, `/api/audio/fetch-audio/${track.audioId}`);
    expect(again.json().audio.audio_asset).toMatchObject({ secure_url: null, data_saver_url: null });
  });

  it('keeps working for whoever still has the rights, who is given a new address on reading again', async () => {
    const { app } = testApp;
    const { fan, track, address } = await passHolderWithAddress(app);
    moveClockBy(MEDIA_URL_MAX_LIFETIME_MS + 1000);

    expect((await fetchRange(app, fan, address)).statusCode).toBe(403);
    const again = await getAs(app, fan.cookie, `/api/audio/fetch-audio/${track.audioId}`);
    const renewed: string = again.json().audio.audio_asset.secure_url;
    expect(renewed).not.toBe(address);
    expect((await fetchRange(app, fan, renewed)).statusCode).toBe(206);
  });
});
