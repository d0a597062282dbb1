import { randomUUID } from 'node:crypto';
import type { TAudio } from '@stagepass/contract/audio';
import type { App } from '../../app.ts';
import { getAs, type TestPerson } from '../../test/factories/people.ts';

/** Helpers of the audio API tests: reads as a person, purchases, and fetching the addresses answered. */

/** GET fetch-audio as the person (undefined: signed out); the answer itself. */
export function fetchAudioAs(app: App, viewer: TestPerson | undefined, audioId: string) {
  return getAs(app, viewer?.cookie, `/api/audio/fetch-audio/${audioId}`);
}

/** The track as the person may hear it; fails the test when it is not 200. */
export async function readAudioAs(
  app: App,
  viewer: TestPerson | undefined,
  audioId: string,
): Promise<TAudio> {
  const answer = await fetchAudioAs(app, viewer, audioId);
  if (answer.statusCode !== 200)
    throw new Error(`fetch-audio ${audioId}: ${answer.statusCode} ${answer.body}`);
  return answer.json().audio as TAudio;
}

/**
 * GETs a media address as an answer gave it (a path, or a whole URL as the podcast feed
 * gives), with the cookie given or none, and any extra headers (Range).
 */
export function fetchMedia(
  app: App,
  address: string,
  options: { cookie?: string; headers?: Record<string, string> } = {},
) {
  const url = new URL(address, 'http://stagepass.test');
  return app.inject({
    url: `${url.pathname}${url.search}`,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });
}

/** The unlock purchase of a track, paid from the fan's wallet. */
export function buyTrack(app: App, fan: TestPerson, creator: TestPerson, audioId: string) {
  return app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { cookie: fan.cookie },
    payload: {
      purchaseId: randomUUID(),
      kind: 'unlock',
      creator: creator.username,
      item: { type: 'audio', id: audioId },
    },
  });
}

/**
 * A weekly pass to the creator, bought through the API as a fan buys one: the creator sets
 * the price (K20), the fan (who needs K20 in the wallet) buys it.
 */
export async function buyWeeklyPass(app: App, fan: TestPerson, creator: TestPerson): Promise<void> {
  const priced = await app.inject({
    method: 'PUT',
    url: '/api/users/pricing',
    headers: { cookie: creator.cookie },
    payload: { period: 'weekly', price: 2_000 },
  });
  if (priced.statusCode !== 200) throw new Error(`pricing not set: ${priced.body}`);
  const bought = await app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { cookie: fan.cookie },
    payload: { purchaseId: randomUUID(), kind: 'pass', creator: creator.username, period: 'weekly' },
  });
  if (bought.statusCode !== 201) throw new Error(`pass not bought: ${bought.body}`);
}

/** The store key of one variant of a track's audio, as media processing names it. */
export function audioKey(
  audio: TAudio,
  file: 'audio.m4a' | 'audio-lite.m4a' | 'preview.m4a' | 'original.mp3',
) {
  return `${audio.audio_asset.public_id}/${file}`;
}
