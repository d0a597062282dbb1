import { describe, expect, it } from 'vitest';
import {
  checkMediaSignature,
  MEDIA_URL_MAX_LIFETIME_MS,
  mediaUrlExpiry,
  signMediaUrl,
} from './signed-media-url.ts';

const secret = 'a-test-secret-of-enough-length-0123456789';
const key = 'AbCdEfGhIjKlMnOpQrSt/original.mp4';
const inAnHour = new Date(Date.now() + 3600_000);

function queryOf(url: string) {
  return Object.fromEntries(new URL(url, 'http://localhost').searchParams);
}

describe('signed media addresses', () => {
  it('point at the file and carry expiry, viewer and signature', () => {
    const url = signMediaUrl({ secret, key, viewerId: 'viewer1', expiresAt: inAnHour });
    expect(url).toMatch(new RegExp(`^/media/${key}\\?exp=\\d+&viewer=viewer1&sig=[A-Za-z0-9_-]{43}$`));
    expect(checkMediaSignature({ secret, key, query: queryOf(url) })).toEqual({
      result: 'valid',
      viewerId: 'viewer1',
    });
  });

  it('stop working when they expire', () => {
    const url = signMediaUrl({ secret, key, viewerId: 'viewer1', expiresAt: inAnHour });
    expect(
      checkMediaSignature({ secret, key, query: queryOf(url), now: inAnHour.getTime() + 1000 }).result,
    ).toBe('expired');
  });

  it('refuse any change to the key, the viewer, the expiry or the signature', () => {
    const query = queryOf(signMediaUrl({ secret, key, viewerId: 'viewer1', expiresAt: inAnHour }));
    const later = String(Number(query.exp) + 3600);
    const flipped = `${query.sig!.slice(0, -1)}${query.sig!.endsWith('A') ? 'B' : 'A'}`;
    for (const [change, check] of [
      ['another file', { key: 'AbCdEfGhIjKlMnOpQrSt/mp4.mp4', query }],
      ['another viewer', { key, query: { ...query, viewer: 'viewer2' } }],
      ['a later expiry', { key, query: { ...query, exp: later } }],
      ['a changed signature', { key, query: { ...query, sig: flipped } }],
      ['a shorter signature', { key, query: { ...query, sig: query.sig!.slice(0, 20) } }],
      ['a repeated parameter', { key, query: { ...query, sig: [query.sig, query.sig] } }],
      ['no signature', { key, query: { exp: query.exp, viewer: query.viewer } }],
    ] as const) {
      expect({ change, result: checkMediaSignature({ secret, ...check }).result }).toEqual({
        change,
        result: 'invalid',
      });
    }
    expect(checkMediaSignature({ secret: `${secret}x`, key, query }).result).toBe('invalid');
    expect(checkMediaSignature({ secret, key, query: {} }).result).toBe('missing');
  });

  it('last at least ten minutes and at most fifteen, the same address for five minutes', () => {
    const now = Date.UTC(2030, 0, 1, 10, 1);
    expect(mediaUrlExpiry(now)).toEqual(new Date(Date.UTC(2030, 0, 1, 10, 15)));
    expect(mediaUrlExpiry(now + 4 * 60_000)).toEqual(new Date(Date.UTC(2030, 0, 1, 10, 15)));
    expect(mediaUrlExpiry(Date.UTC(2030, 0, 1, 10, 5))).toEqual(new Date(Date.UTC(2030, 0, 1, 10, 15)));
    for (let second = 0; second < 600; second += 7) {
      const at = now + second * 1000;
      const lifetime = mediaUrlExpiry(at).getTime() - at;
      expect(lifetime).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
      expect(lifetime).toBeLessThanOrEqual(MEDIA_URL_MAX_LIFETIME_MS);
    }
  });
});
