import type { FastifyInstance } from 'fastify';
import { processMediaJob } from '../queue-processing.ts';
import { describeVideoConversion, ladderModeOf } from './hls-ladder.ts';
import { findMediaTools, type MediaTools } from './media-tools.ts';
import { createProcessMediaHandler } from './process-media.ts';
import { registerVideoRestreaming } from './restream-videos.ts';
import { workRootOf } from './work-dir.ts';

/** Gives the job engine the handler of 'process-media', the job every post upload queues. */
export function registerMediaProcessing(app: FastifyInstance): void {
  const tools = memoizeUntilFailure(() => findMediaTools(app.config));
  const dependencies = {
    db: app.db,
    mediaStore: app.mediaStore,
    tools,
    workRoot: workRootOf(app.config.dataDir),
    instance: app.serverInstance,
  };
  app.jobs.handle(processMediaJob, createProcessMediaHandler(dependencies));
  registerVideoRestreaming(app, dependencies);
  if (!app.jobs.isEnabled) return;
  app.addHook('onReady', async () => {
    // Found now so the log says at start which ffmpeg converts videos; a failure is retried per job.
    tools().then(
      (found) => logMediaTools(app, found),
      (error: unknown) => app.log.warn({ err: error }, 'no ffmpeg: videos cannot be processed'),
    );
  });
}

/**
 * Always says which ffmpeg converts videos, how old it is and how (one-pass ladder, or one
 * rendition per run with a build older than 2022, such as the npm one of 2018); a warning in
 * production on such an old build, which should not convert strangers' uploads there.
 */
function logMediaTools(app: FastifyInstance, tools: MediaTools): void {
  const ladder = ladderModeOf(tools);
  const details = {
    ffmpeg: tools.ffmpeg,
    ffprobe: tools.ffprobe,
    source: tools.source,
    year: tools.ffmpegYear,
    ladder,
  };
  if (app.config.isProduction && ladder === 'per-rendition')
    app.log.warn(details, describeVideoConversion(tools));
  else app.log.info(details, describeVideoConversion(tools));
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
