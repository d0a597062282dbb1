import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../jobs/test-jobs.ts';
import { signUpCreatorOverHttp } from '../../test/factories/people.ts';
import { type SpawnedServer, spawnServer } from '../../test/spawn-server.ts';
import { setupSpawnedServerEnvironment } from '../../test/spawned-server-environment.ts';
import { makeTestVideo } from './processing/test-media.ts';
import { startStreamedUpload } from './test-post-media.ts';

// A real server process killed with SIGKILL (nothing of it runs after: no finally, no
// shutdown hook), then started again on the same data folder and database.
const _isPostgres = process.env.TEST_DATABASE === 'postgres';
const MiB = 1024 * 1024;
const environment = setupSpawnedServerEnvironment('stagepass-crash-', {
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  DEMO_CONTENT: 'false',
  MEDIA_UNATTACHED_QUOTA_BYTES: String(120 * MiB),
});
const dataDir = environment.DATA_DIR!;
const uploadFolder = path.join(dataDir, 'tmp', 'uploads');
const workRoot = path.join(dataDir, 'tmp', 'media-processing');
const servers: SpawnedServer[] = [];

afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
});

async function startServer(): Promise<SpawnedServer> {
  const server = await spawnServer(environment);
  servers.push(server);
  await server.waitUntilHealthy();
  return server;
}

async function killHard(server: SpawnedServer): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

function listFolder(folder: string): string[] {
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
}

/** A real MP4's start, then padding: a video as far as the upload can tell. */
function videoBytes(start: Buffer, bytes: number): Buffer {
  return Buffer.concat([start, Buffer.alloc(bytes - start.length, 0x55)]);
}

describe('after a server is killed (kill -9)', () => {
  it('its successor removes the partial upload at start and frees the room it had reserved', async () => {
    const first = await startServer();
    const cookie = await signUpCreatorOverHttp(first.baseUrl);
    const start = await makeTestVideo({ seconds: 1, width: 160, height: 120 });
    const upload = startStreamedUpload(first.baseUrl, { cookie, declaredFileBytes: 100 * MiB });
    await upload.write(videoBytes(start, 8 * MiB));
    const [partial] = await waitFor(async () => {
      const files = listFolder(uploadFolder);
      const received = files.filter((file) => fs.statSync(path.join(uploadFolder, file)).size >= 4 * MiB);
      return received.length > 0 ? received : undefined;
    });
    await killHard(first);
    upload.abort();
    expect(listFolder(uploadFolder)).toEqual([partial]);

    const second = await startServer();
    try {
      // Gone before the successor answers its first request, not an hour later.
      expect(listFolder(uploadFolder)).toEqual([]);
      // The dead server's 100 MB reservation no longer counts: 30 MB fit in the 120 MB quota.
      const next = startStreamedUpload(second.baseUrl, { cookie, declaredFileBytes: 30 * MiB });
      await next.write(videoBytes(start, 30 * MiB));
      next.end();
      expect((await next.answer).status).toBe(201);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('its successor removes the work folder of the video it was converting, and converts it again', async () => {
    const first = await startServer();
    const cookie = await signUpCreatorOverHttp(first.baseUrl);
    const video = await makeTestVideo({ seconds: 30, width: 1280, height: 720 });
    const upload = startStreamedUpload(first.baseUrl, { cookie, declaredFileBytes: video.length });
    await upload.write(video);
    upload.end();
    const answer = await upload.answer;
    expect(answer.status).toBe(201);
    const publicId = answer.json.public_id as string;
    const [workFolder] = await waitFor(
      async () => {
        const folders = listFolder(workRoot).filter((name) => name.includes(publicId));
        return folders.length > 0 ? folders : undefined;
      },
      { timeoutMs: 30_000, what: 'the video job to start' },
    );
    await killHard(first);
    expect(listFolder(workRoot)).toContain(workFolder);

    const second = await startServer();
    try {
      expect(listFolder(workRoot)).not.toContain(workFolder);
      // Run again: at once on PGlite (the lock proves the first is dead), after its lease on PostgreSQL.
      const status = await waitFor(
        async () => {
          const response = await fetch(`${second.baseUrl}/api/media/${publicId}/status`, {
            headers: { cookie },
          });
          const body = (await response.json()) as { status: string };
          return body.status === 'processing' ? undefined : body.status;
        },
        { timeoutMs: 100_000, what: 'the video to be converted after the restart' },
      );
      expect(status).toBe('ready');
      // The job records 'ready' first and removes its own work folder as it ends.
      await waitFor(async () => (listFolder(workRoot).length === 0 ? true : undefined), {
        timeoutMs: 10_000,
        what: 'the second work folder to be removed',
      });
    } finally {
      await second.stop();
    }
  }, 180_000);
});
