import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkFolderToken,
  createFolderTokenChecker,
  FOLDER_TOKEN_MAX_LIFETIME_MS,
  FOLDER_TOKEN_PREFIX,
  folderTokenExpiry,
  MAX_AUDIENCE_LENGTH,
  signFolderUrl,
} from './folder-token.ts';

const secret = 'a-test-secret-of-enough-length-0123456789';
const folder = 'AbCdEfGhIjKlMnOpQrSt/hls';

/** The token and the store key an address names. */
function partsOf(url: string): { token: string; key: string } {
  const rest = url.slice(FOLDER_TOKEN_PREFIX.length + 1);
  const slash = rest.indexOf('/');
  return { token: rest.slice(0, slash), key: rest.slice(slash + 1) };
}

describe('folder tokens of streamed videos', () => {
  it('open every file of their folder, by signature alone, for their audience', () => {
    const url = signFolderUrl({ secret, folder, file: 'master.m3u8', audience: 'viewer1' });
    const { token, key } = partsOf(url);
    expect(key).toBe(`${folder}/master.m3u8`);
    for (const file of ['master.m3u8', '240p.m3u8', '240p.mp4', 'thumbnails.jpg']) {
      expect(checkFolderToken({ secret, token, key: `${folder}/${file}` })).toMatchObject({
        result: 'valid',
        audience: 'viewer1',
      });
    }
  });

  it('open no other folder, nor the asset files beside the folder', () => {
    const { token } = partsOf(signFolderUrl({ secret, folder, file: 'master.m3u8', audience: 'public' }));
    expect(checkFolderToken({ secret, token, key: 'ZzCdEfGhIjKlMnOpQrSt/hls/master.m3u8' }).result).toBe(
      'invalid',
    );
    expect(checkFolderToken({ secret, token, key: 'AbCdEfGhIjKlMnOpQrSt/original.mp4' }).result).toBe(
      'invalid',
    );
    expect(checkFolderToken({ secret, token, key: `${folder}/deeper/file.mp4` }).result).toBe('invalid');
  });

  it('are refused when any part is changed or signed under another secret', () => {
    const { token, key } = partsOf(signFolderUrl({ secret, folder, file: '360p.mp4', audience: 'viewer1' }));
    const [exp, audience, sig] = token.split('.') as [string, string, string];
    const tampered = [
      `${Number(exp) + 3600}.${audience}.${sig}`,
      `${exp}.public.${sig}`,
      `${exp}.${audience}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      `${exp}.${audience}`,
      `${exp}.${audience}.${sig}.x`,
      '',
    ];
    for (const bad of tampered) expect(checkFolderToken({ secret, token: bad, key }).result).toBe('invalid');
    const foreign = partsOf(
      signFolderUrl({ secret: `${secret}-other`, folder, file: '360p.mp4', audience: 'viewer1' }),
    );
    expect(checkFolderToken({ secret, token: foreign.token, key }).result).toBe('invalid');
  });

  it('expire after a few hours, on the hour, so one address serves everybody for an hour', () => {
    const now = Date.UTC(2026, 10, 27, 10, 17, 5);
    const expiresAt = folderTokenExpiry(now);
    expect(expiresAt.toISOString()).toBe('2026-11-27T14:00:00.000Z');
    expect(expiresAt.getTime() - now).toBeLessThanOrEqual(FOLDER_TOKEN_MAX_LIFETIME_MS);
    const a = signFolderUrl({ secret, folder, file: 'master.m3u8', audience: 'public', now });
    const b = signFolderUrl({ secret, folder, file: 'master.m3u8', audience: 'public', now: now + 600_000 });
    expect(a).toBe(b);
    const { token, key } = partsOf(a);
    expect(checkFolderToken({ secret, token, key, now: expiresAt.getTime() - 1 }).result).toBe('valid');
    expect(checkFolderToken({ secret, token, key, now: expiresAt.getTime() }).result).toBe('expired');
  });

  it('carry an audience of at most 40 characters: longer is refused when signing and when checking', () => {
    const longest = 'v'.repeat(MAX_AUDIENCE_LENGTH);
    const url = signFolderUrl({ secret, folder, file: 'master.m3u8', audience: longest });
    const { token, key } = partsOf(url);
    expect(checkFolderToken({ secret, token, key })).toMatchObject({ result: 'valid', audience: longest });
    // The whole token fits a path segment of 100 characters.
    expect(token.length).toBeLessThanOrEqual(100);

    const tooLong = `${longest}w`;
    expect(() => signFolderUrl({ secret, folder, file: 'master.m3u8', audience: tooLong })).toThrow(
      /not an audience/,
    );
    // Even signed correctly (as an older server with no cap could have), it opens nothing.
    const [exp, , sig] = token.split('.') as [string, string, string];
    const signedLong = `${exp}.${tooLong}.${resign(exp, tooLong)}`;
    expect(resign(exp, longest)).toBe(sig);
    expect(checkFolderToken({ secret, token: signedLong, key }).result).toBe('invalid');
  });
});

describe('a folder token checker that remembers the signatures it verified', () => {
  it('answers as checkFolderToken for every token, also once a token is remembered', () => {
    const check = createFolderTokenChecker(secret);
    const now = Date.UTC(2026, 10, 27, 10, 17, 5);
    const { token, key } = partsOf(
      signFolderUrl({ secret, folder, file: '360p.mp4', audience: 'viewer1', now }),
    );
    const [exp, audience, sig] = token.split('.') as [string, string, string];
    const expiresAt = Number(exp) * 1000;
    const otherFolderKey = 'ZzCdEfGhIjKlMnOpQrSt/hls/360p.mp4';
    const cases: [string, string, number][] = [
      [token, key, now],
      [token, key, now],
      [token, `${folder}/240p.mp4`, now],
      [token, otherFolderKey, now],
      [token, 'AbCdEfGhIjKlMnOpQrSt/original.mp4', now],
      [`${Number(exp) + 3600}.${audience}.${sig}`, key, now],
      [`${exp}.public.${sig}`, key, now],
      [token, key, expiresAt - 1],
      [token, key, expiresAt],
      [token, otherFolderKey, expiresAt],
    ];
    const answers = cases.map(([t, k, at]) => check(t, k, at));
    expect(answers).toEqual(
      cases.map(([t, k, at]) => checkFolderToken({ secret, token: t, key: k, now: at })),
    );
    expect(answers.map((answer) => answer.result)).toEqual([
      'valid',
      'valid',
      'valid',
      'invalid',
      'invalid',
      'invalid',
      'invalid',
      'valid',
      'expired',
      'invalid',
    ]);
  });

  it('never takes a token of another secret for one it verified, however full it is', () => {
    const check = createFolderTokenChecker(secret, 3);
    const folders = [
      'AaAaAaAaAaAaAaAaAaAa',
      'BbBbBbBbBbBbBbBbBbBb',
      'CcCcCcCcCcCcCcCcCcCc',
      'DdDdDdDdDdDdDdDdDdDd',
    ];
    for (const publicId of folders) {
      const own = partsOf(
        signFolderUrl({ secret, folder: `${publicId}/hls`, file: 'a.mp4', audience: 'public' }),
      );
      const foreign = partsOf(
        signFolderUrl({
          secret: `${secret}-other`,
          folder: `${publicId}/hls`,
          file: 'a.mp4',
          audience: 'public',
        }),
      );
      expect(check(own.token, own.key).result).toBe('valid');
      expect(check(foreign.token, foreign.key).result).toBe('invalid');
    }
    // Started over past three: the first is verified again, and still opens its folder.
    const first = partsOf(
      signFolderUrl({ secret, folder: `${folders[0]}/hls`, file: 'a.mp4', audience: 'public' }),
    );
    expect(check(first.token, first.key).result).toBe('valid');
  });
});

/** The signature the server would make for `audience` and this folder, bypassing signFolderUrl's check. */
function resign(exp: string, audience: string): string {
  return createHmac('sha256', secret)
    .update(`media-folder:v1\n${folder}\n${audience}\n${exp}`)
    .digest('base64url');
}
