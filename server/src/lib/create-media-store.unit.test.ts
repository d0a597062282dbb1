import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createMediaStore } from './create-media-store.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-store-choice-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const S3_ENV = {
  S3_ENDPOINT: 'https://s3.example.com',
  S3_BUCKET: 'stagepass-media',
  S3_REGION: 'auto',
  S3_ACCESS_KEY_ID: 'key-id',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('the media store setting', () => {
  it('uses local disk without S3_*, and the bucket with all of them', async () => {
    const local = loadConfig({ DATA_DIR: dataDir });
    expect(local.s3).toBeUndefined();
    expect((await createMediaStore(local)).kind).toBe('local');

    const bucket = loadConfig({ DATA_DIR: dataDir, ...S3_ENV });
    expect(bucket.s3).toEqual({
      endpoint: 'https://s3.example.com',
      bucket: 'stagepass-media',
      region: 'auto',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret',
    });
    expect((await createMediaStore(bucket)).kind).toBe('s3');
  });

  it('wants all of S3_* or none', () => {
    for (const missing of Object.keys(S3_ENV)) {
      const env: Record<string, string> = { ...S3_ENV };
      delete env[missing];
      expect(() => loadConfig(env)).toThrow(/Set all of S3_ENDPOINT, S3_BUCKET, S3_REGION/);
    }
    expect(() => loadConfig({ ...S3_ENV, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });

  it('has per-kind upload limits: 20 MB photos, 200 MB audio, 2 GB video, each configurable', () => {
    expect(loadConfig({})).toMatchObject({
      mediaMaxImageBytes: 20 * 1024 ** 2,
      mediaMaxAudioBytes: 200 * 1024 ** 2,
      mediaMaxVideoBytes: 2 * 1024 ** 3,
    });
    expect(loadConfig({ MEDIA_MAX_VIDEO_BYTES: '1073741824' }).mediaMaxVideoBytes).toBe(1024 ** 3);
  });
});
