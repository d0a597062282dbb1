import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type SpawnedServer = {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  /** Resolves with the health answer once the server answers it. */
  waitUntilHealthy(timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Ctrl-C, then waits for the process to end. */
  stop(): Promise<void>;
};

/**
 * The real entry point as `npm start` runs it (the compiled server/dist/main.js, rebuilt
 * first when a source is newer), in its own process on a free port (or PORT when given). Only the given
 * environment reaches it (plus PATH), so the caller's DATABASE_URL does not leak in.
 */
export async function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: repoRoot, stdio: 'ignore' });
  // A port of the caller's (PORT) or a free one.
  const port = env.PORT ? Number(env.PORT) : await findFreePort();
  const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://localhost:${port}`;

  return {
    child,
    port,
    baseUrl,
    output: () => output,
    exited,
    waitUntilHealthy: async (timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`The server exited while starting:\n${output}`);
        try {
          const response = await fetch(`${baseUrl}/api/health`);
          return (await response.json()) as Record<string, unknown>;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
      child.kill('SIGKILL');
      throw new Error(`The server did not answer within ${timeoutMs} ms:\n${output}`);
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
