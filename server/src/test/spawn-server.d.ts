import { type ChildProcess } from 'node:child_process';
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
 * The real entry point as `npm start` runs it, in its own process on a free port. Only
 * the given environment reaches it (plus PATH), so the caller's DATABASE_URL does not leak in.
 */
export declare function spawnServer(env: Record<string, string>): Promise<SpawnedServer>;
export declare function findFreePort(): Promise<number>;
