import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createAuthMailHandler } from '../auth/auth-mail-job.ts';
import { startUnusedMediaSweeps } from '../media/unused-media-sweep.ts';
import { findMediaTools, type MediaTools } from '../media-processing/media-tools.ts';
import { createProcessMediaHandler } from '../media-processing/process-media.ts';
import { removeAbandonedWorkDirs } from '../media-processing/work-dir.ts';
import { createJobRunner, type JobHandlers, type JobRunner } from './job-runner.ts';

const UNUSED_MEDIA_SWEEP_INTERVAL_MS = 3_600_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's worker for the jobs table (idle when JOB_CONCURRENCY=0). */
    jobRunner: JobRunner;
  }
}

/**
 * Runs background jobs in this process from the moment the app is ready until it closes
 * (before the database does), and the hourly sweep of unused uploads. See docs/decisions/005-background-jobs.md.
 */
export function registerBackgroundJobs(app: FastifyInstance): void {
  const { config } = app;
  const log = app.log.child({ module: 'jobs' });
  const tools = memoizeUntilFailure(() => findMediaTools(config));
  const workRoot = path.join(config.dataDir, 'tmp', 'media-processing');
  const handlers: JobHandlers = {
    'process-media': createProcessMediaHandler({ db: app.db, mediaStore: app.mediaStore, tools, workRoot }),
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
  let stopSweeps = async () => {};

  app.addHook('onReady', async () => {
    if (!isEnabled) return;
    await removeAbandonedWorkDirs(workRoot);
    await runner.start();
    stopSweeps = startUnusedMediaSweeps({
      db: app.db,
      mediaStore: app.mediaStore,
      log,
      intervalMs: UNUSED_MEDIA_SWEEP_INTERVAL_MS,
    });
    // Found now so the log says at start which ffmpeg converts videos; a failure is retried per job.
    tools().then(
      (found) => logMediaTools(app, found),
      (error: unknown) => log.warn({ err: error }, 'no ffmpeg: videos cannot be processed'),
    );
  });
  app.addHook('onClose', async () => {
    await stopSweeps();
    await runner.stop();
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
