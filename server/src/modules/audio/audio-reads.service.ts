import { AUDIO_MESSAGES, type TAudio } from '@stagepass/contract/audio';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { loadTracksForViewer } from './audio-view.ts';

/** fetch-audio/:id: one track as the viewer may hear it; missing, blocked and unprocessed ones answer alike. */
export async function getAudio(options: {
  db: Db;
  appSecret: string;
  viewerId: string | undefined;
  audioId: string;
}): Promise<TAudio> {
  const [audio] = await loadTracksForViewer({ ...options, ids: [options.audioId] });
  if (!audio) throw new AppError('NOT_FOUND', AUDIO_MESSAGES.notFound, 404);
  return audio;
}
