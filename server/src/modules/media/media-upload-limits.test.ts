import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { MEDIA_MESSAGES } from '@stagepass/contract/media';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { listFilesLeft, makeImage, signUpUploader, uploadFile } from '../../test/factories/media.ts';
import { setupTestApp } from '../../test/test-app.ts';

// 64 KiB instead of 20 MB, so the test need not send megabytes; it shows as "0.1 MB".
const testApp = setupTestApp({ env: { MEDIA_MAX_IMAGE_BYTES: String(64 * 1024) } });

describe('upload limits', () => {
  it('refuses a file over MEDIA_MAX_IMAGE_BYTES with 413 and keeps none of it', async () => {
    const account = await signUpUploader(testApp.app);
    // Random pixels do not compress: a 200×200 PNG of noise is about 120 KB.
    const noise = await sharp(
      Buffer.from(Array.from({ length: 200 * 200 * 3 }, () => Math.floor(Math.random() * 256))),
      {
        raw: { width: 200, height: 200, channels: 3 },
      },
    )
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(64 * 1024);
    const before = listFilesLeft(testApp.config.dataDir);

    const response = await uploadFile(testApp.app, account.cookie, { data: noise });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      success: false,
      code: 'FILE_TOO_LARGE',
      message: MEDIA_MESSAGES.tooLarge(0.1),
    });
    expect(listFilesLeft(testApp.config.dataDir)).toEqual(before);

    const small = await uploadFile(testApp.app, account.cookie, { data: await makeImage('png') });
    expect(small.statusCode).toBe(201);
  });

  it('allows 20 uploads per account in 10 minutes, then answers 429', async () => {
    const account = await signUpUploader(testApp.app);
    // Counted before the file is read, so requests without a usable file count too.
    const empty = Buffer.alloc(0);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      statuses.push((await uploadFile(testApp.app, account.cookie, { data: empty })).statusCode);
    }
    expect(statuses.every((status) => status === 400)).toBe(true);
    const limited = await uploadFile(testApp.app, account.cookie, { data: empty });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(AUTH_MESSAGES.tooManyRequests);

    // Another account is not held back by the first one's uploads.
    const other = await signUpUploader(testApp.app);
    expect((await uploadFile(testApp.app, other.cookie, { data: await makeImage('png') })).statusCode).toBe(
      201,
    );
  });
});
