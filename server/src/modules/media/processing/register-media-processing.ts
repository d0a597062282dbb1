import type { FastifyInstance } from 'fastify';
import { processMediaJob } from '../queue-processing.ts';
import { findMediaTools, type MediaTools } from './media-tools.ts';
import { createProcessMediaHandler } from './process-media.ts';
import { workRootOf } from './work-dir.ts';

/** Gives the job engine the handler of 'process-media', the job every post upload queues. */
export function registerMediaProcessing(app: FastifyInstance): void {
  const tools = memoizeUntilFailure(() => findMediaTools(app.config));
  app.jobs.handle(
    processMediaJob,
    createProcessMediaHandler({
      db: app.db,
      mediaStore: app.mediaStore,
      tools,
      workRoot: workRootOf(app.config.dataDir),
      instance: app.serverInstance,
    }),
  );
  if (!app.jobs.isEnabled) return;
  app.addHook('onReady', async () => {
    // Found now so the log says at start which ffmpeg converts videos; a failure is retried per job.
    tools().then(
      (found) => logMediaTools(app, found),
      (error: unknown) => app.log.warn({ err: error }, 'no ffmpeg: videos cannot be processed'),
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
