import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { claimNextJob } from '../../../jobs/job-queue.ts';
import { waitForJobStatus } from '../../../jobs/test-jobs.ts';
import { uploadForProcessing, waitUntilProcessed } from '../../../test/factories/media.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { createOwner } from './test-media.ts';

// Two lives of one server on one database and data folder: the first takes the job and
// dies, the second starts and finishes it.
let database: Database;
let dataDir: string;
let dispose = async () => {};
beforeAll(async () => {
  const testDatabase = await createTestDatabase();
  database = testDatabase.database;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-test-'));
  dispose = async () => {
    await testDatabase.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => dispose());

function startServer(env: Record<string, string> = {}): Promise<App> {
  return buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env }), database });
}

describe('media jobs across a restart', () => {
  it('processes after a restart the upload whose server died while processing it', async () => {
    // A server that runs no jobs itself, so the test decides when the crash happens.
    const first = await startServer({ JOB_CONCURRENCY: '0' });
    const ownerId = await createOwner(first);
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#44aa66' } })
      .jpeg()
      .toBuffer();
    const publicId = await uploadForProcessing(first, {
      ownerId,
      kind: 'image',
      data: photo,
      extension: 'jpg',
    });
    // Its worker claims the job and the process dies: no status written, no lease renewed.
    const claimed = await claimNextJob(first.db, { kinds: ['process-media'], lane: 'fast', leaseMs: 300 });
    expect(claimed?.payload).toEqual({ publicId });
    await first.close();

    const second = await startServer();
    try {
      await second.ready();
      const asset = await waitUntilProcessed(second, publicId, 30_000);
      expect(asset).toMatchObject({ status: 'ready', width: 900, height: 600 });
      expect(await second.mediaStore.stat(`${publicId}/post.webp`)).not.toBeNull();
      // The asset is ready a moment before its job is marked done.
      expect(await waitForJobStatus(second.db, claimed!.id, 'done')).toMatchObject({ attempts: 2 });
    } finally {
      await second.close();
    }
  });
});
