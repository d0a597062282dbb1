import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createAuthMailHandler } from '../modules/auth/auth-mail-job.ts';
import { findMediaTools, type MediaTools } from '../modules/media/processing/media-tools.ts';
import { createProcessMediaHandler } from '../modules/media/processing/process-media.ts';
import { uploadFolderOf } from '../modules/media/receive-upload.ts';
import { startUnusedMediaSweeps } from '../modules/media/unused-media-sweep.ts';
import { createJobRunner, type JobHandlers, type JobRunner } from './job-runner.ts';
import {
  beatHeart,
  createServerInstance,
  HEARTBEAT_INTERVAL_MS,
  removeDeadInstances,
  removeFilesOfDeadInstances,
  type ServerInstance,
  unregister,
} from './server-instances.ts';

const UNUSED_MEDIA_SWEEP_INTERVAL_MS = 3_600_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's worker for the jobs table (idle when JOB_CONCURRENCY=0). */
    jobRunner: JobRunner;
    /** This process among the servers sharing the database: names its temporary files. */
    serverInstance: ServerInstance;
  }
}

/**
 * Registers this process (server-instances.ts) and removes what dead ones left; then runs
 * background jobs in this process from the moment the app is ready until it closes
 * (before the database does), and the hourly sweep of unused uploads. See
 * docs/decisions/005-background-jobs.md.
 */
export function registerBackgroundJobs(app: FastifyInstance): void {
  const { config } = app;
  const log = app.log.child({ module: 'jobs' });
  const tools = memoizeUntilFailure(() => findMediaTools(config));
  const instance = createServerInstance();
  const workRoot = path.join(config.dataDir, 'tmp', 'media-processing');
  const handlers: JobHandlers = {
    'process-media': createProcessMediaHandler({
      db: app.db,
      mediaStore: app.mediaStore,
      tools,
      workRoot,
      instance,
    }),
    'auth-mail': createAuthMailHandler({ db: app.db, config, mailer: app.mailer }),
  };
  const isEnabled = config.jobConcurrency > 0;
  const runner = createJobRunner({
    db: app.db,
    log,
    handlers,
    concurrency: isEnabled
      ? { fast: config.jobConcurrency, heavy: config.heavyJobConcurrency }
      : { fast: 0, heavy: 0 },
    // PGlite's data folder is locked by this process: a 'running' job there was left by a crash.
    requeueAbandonedOnStart: app.database.kind === 'pglite',
  });
  app.decorate('jobRunner', runner);
  app.decorate('serverInstance', instance);
  let stopSweeps = async () => {};
  let heartbeat: NodeJS.Timeout | undefined;

  // Files being uploaded and video work folders: what a dead process left there goes.
  const leftoverFolders = [uploadFolderOf(config.dataDir), workRoot];
  const removeLeftovers = async () => {
    const removed = await removeFilesOfDeadInstances(leftoverFolders, () =>
      removeDeadInstances(app.db, instance, { isSoleProcess: app.database.kind === 'pglite' }),
    );
    if (removed.length > 0) log.info({ removed }, 'removed what a stopped server left');
  };

  app.addHook('onReady', async () => {
    await beatHeart(app.db, instance);
    await removeLeftovers();
    heartbeat = setInterval(() => {
      beatHeart(app.db, instance)
        .then(removeLeftovers)
        .catch((error: unknown) => log.warn({ err: error }, 'could not renew this server’s heartbeat'));
    }, HEARTBEAT_INTERVAL_MS);
    heartbeat.unref();
    if (!isEnabled) return;
    await runner.start();
    stopSweeps = startUnusedMediaSweeps({
      db: app.db,
      mediaStore: app.mediaStore,
      log,
      intervalMs: UNUSED_MEDIA_SWEEP_INTERVAL_MS,
      orphanGraceMs: config.mediaOrphanGraceMs,
    });
    // Found now so the log says at start which ffmpeg converts videos; a failure is retried per job.
    tools().then(
      (found) => logMediaTools(app, found),
      (error: unknown) => log.warn({ err: error }, 'no ffmpeg: videos cannot be processed'),
    );
  });
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await stopSweeps();
    await runner.stop();
    await unregister(app.db, instance).catch((error: unknown) =>
      log.warn({ err: error }, 'could not unregister this server'),
    );
  });
}

function logMediaTools(app: FastifyInstance, tools: MediaTools): void {
  const { source } = tools;
  app.log.info({ ffmpeg: tools.ffmpeg, ffprobe: tools.ffprobe, source }, 'ffmpeg found');
  if (app.config.isProduction && source.ffmpeg === 'npm') {
    app.log.warn(
      'videos are converted by the npm-shipped ffmpeg, a 2018 build: install a maintained ffmpeg or set FFMPEG_PATH',
    );
  }
}

function memoizeUntilFailure<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
