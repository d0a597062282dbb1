import type { FastifyInstance } from 'fastify';
import { createJobEngine, type JobEngine } from './job-engine.ts';
import {
  beatHeart,
  createServerInstance,
  HEARTBEAT_INTERVAL_MS,
  removeDeadInstances,
  type ServerInstance,
  unregister,
} from './server-instances.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * This process's job engine. Modules give it their job handlers (`app.jobs.handle`) and
     * recurring schedules (`app.jobs.every`) when they register; it starts once the app is ready.
     */
    jobs: JobEngine;
    /** This process among the servers sharing the database: names its temporary files. */
    serverInstance: ServerInstance;
  }
}

/**
 * Registers this process among the servers (server-instances.ts) and starts the job
 * engine from the moment the app is ready until it closes (before the database does).
 * It wires no feature: see docs/decisions/016-job-engine-and-schedules.md.
 */
export function registerJobEngine(app: FastifyInstance): void {
  const { config } = app;
  const log = app.log.child({ module: 'jobs' });
  const instance = createServerInstance();
  // PGlite's data folder is locked by this process: no other server shares the database.
  const isSoleProcess = app.database.kind === 'pglite';
  const engine = createJobEngine({
    db: app.db,
    log,
    owner: instance.id,
    concurrency:
      config.jobConcurrency > 0
        ? { fast: config.jobConcurrency, heavy: config.heavyJobConcurrency }
        : { fast: 0, heavy: 0 },
    // So a 'running' job or schedule there was left by a crash.
    releaseAbandonedOnStart: isSoleProcess,
  });
  app.decorate('jobs', engine);
  app.decorate('serverInstance', instance);

  // Once across the servers: a dead one's row goes, and its upload reservations with it.
  engine.every('remove-dead-server-instances', HEARTBEAT_INTERVAL_MS, () =>
    removeDeadInstances(app.db, instance, { isSoleProcess }),
  );

  // The heartbeat stays a timer of its own in every process, jobs or not: it is this
  // process's proof of life, which no other process can give for it (a schedule runs in
  // one process an interval).
  let heartbeat: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await beatHeart(app.db, instance);
    // Before the first request: what a killed predecessor reserved must not count.
    await removeDeadInstances(app.db, instance, { isSoleProcess });
    heartbeat = setInterval(() => {
      beatHeart(app.db, instance).catch((error: unknown) =>
        log.warn({ err: error }, 'could not renew this server’s heartbeat'),
      );
    }, HEARTBEAT_INTERVAL_MS);
    heartbeat.unref();
    await engine.start();
  });
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await engine.stop();
    await unregister(app.db, instance).catch((error: unknown) =>
      log.warn({ err: error }, 'could not unregister this server'),
    );
  });
}
