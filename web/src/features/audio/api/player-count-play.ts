import type { audioRoutes } from '@stagepass/contract/audio';
import { requestRoute } from '../../../lib/api-client';

/**
 * Reports listening to a track (PUT /api/audio/audio_reactions/:id/audio_views with the
 * seconds heard); the server counts a play once per listener, track and day.
 */
export function countAudioPlay(audioId: string, secondsListened: number) {
  return requestRoute<typeof audioRoutes.countAudioPlay>('PUT /api/audio/audio_reactions/:id/:kind', {
    params: { id: audioId, kind: 'audio_views' },
    body: { value: secondsListened },
  });
}
