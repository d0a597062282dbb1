import { MEDIA_MESSAGES } from '@stagepass/contract/media';
import { describe, expect, it } from 'vitest';
import { listFilesLeft, makeImage, signUpUploader, uploadPostFile } from '../../test/factories/media.ts';
import { findUserIdByEmail } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { makeMediaFile } from './test-media-files.ts';
import { countJobs, findAssetRows } from './test-post-media.ts';

// Small limits, so the test need not send gigabytes: each kind its own.
const KiB = 1024;
const testApp = setupTestApp({
  env: {
    JOB_CONCURRENCY: '0',
    MEDIA_MAX_IMAGE_BYTES: String(64 * KiB),
    MEDIA_MAX_AUDIO_BYTES: String(128 * KiB),
    MEDIA_MAX_VIDEO_BYTES: String(256 * KiB),
  },
});

/** A real file's first part followed by padding, to reach a given size. */
async function padded(file: Promise<Buffer>, bytes: number): Promise<Buffer> {
  const start = await file;
  return Buffer.concat([start, Buffer.alloc(Math.max(0, bytes - start.length), 0x55)]);
}

describe('post media limits by kind', () => {
  it('takes each kind up to its own limit', async () => {
    const account = await signUpUploader(testApp.app);
    // A video over the photo and audio limits is still within the video one.
    for (const data of [
      await padded(makeMediaFile('mp4'), 250 * KiB),
      await padded(makeMediaFile('mp3'), 120 * KiB),
    ]) {
      expect((await uploadPostFile(testApp.app, account.cookie, { data })).statusCode).toBe(201);
    }
  });

  it.each([
    ['video', () => padded(makeMediaFile('webm'), 256 * KiB + 1), 256 * KiB, '0.3 MB'],
    ['audio', () => padded(makeMediaFile('wav'), 200 * KiB), 128 * KiB, '0.1 MB'],
    ['image', () => padded(makeImage('png'), 65 * KiB), 64 * KiB, '0.1 MB'],
  ] as const)(
    'refuses a %s over its limit with 413 naming the limit, keeping nothing',
    async (kind, make, limit, shown) => {
      const account = await signUpUploader(testApp.app);
      const ownerId = await findUserIdByEmail(testApp.app.db, account.email);
      const filesBefore = listFilesLeft(testApp.config.dataDir);
      const jobsBefore = await countJobs(testApp.app);

      const response = await uploadPostFile(testApp.app, account.cookie, { data: await make() });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        success: false,
        code: 'FILE_TOO_LARGE',
        message: MEDIA_MESSAGES.tooLargeForKind(kind, limit),
      });
      expect(response.json().message).toContain(shown);
      expect(listFilesLeft(testApp.config.dataDir)).toEqual(filesBefore);
      expect(await findAssetRows(testApp.app, ownerId)).toEqual([]);
      expect(await countJobs(testApp.app)).toBe(jobsBefore);
    },
  );
});
