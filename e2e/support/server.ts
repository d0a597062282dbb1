import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer } from '../../server/src/test/spawn-server.ts';

export type RunningServer = {
  baseUrl: string;
  /** Its DATA_DIR: its media store is `media/` inside (for files a test puts there itself). */
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
};

/**
 * The real server, the built web app included, on a free port with its own embedded
 * database, exactly as `npm start` runs it.
 */
export async function startServer(): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-e2e-'));
  // Behind a proxy, as in production: the accounts the tests make through the API each come
  // from an address of their own (X-Forwarded-For), so the files share no sign-up budget.
  const server = await spawnServer({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
    TRUST_PROXY: 'true',
  });
  // The first start migrates, seeds the demo and processes its media: on two busy cores that
  // took past a minute (found while six sessions' tests shared the machine).
  await server.waitUntilHealthy(180_000);
  return {
    baseUrl: server.baseUrl,
    dataDir,
    output: server.output,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
