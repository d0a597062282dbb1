import type { TVideoViewBody, videoRoutes } from '@stagepass/contract/video';
import { requestRoute } from '../../../lib/api-client';

/**
 * Reports watching (PUT /api/video/video_reactions/:id/video_views): the seconds watched
 * since the last report and where the player is, which is where a signed-in viewer resumes.
 */
export function reportVideoView(videoId: string, body: TVideoViewBody) {
  return requestRoute<typeof videoRoutes.reportVideoView>('PUT /api/video/video_reactions/:id/:kind', {
    params: { id: videoId, kind: 'video_views' },
    body,
  });
}

/**
 * The same report as the page goes away (pagehide): fetch with keepalive outlives the page,
 * which a plain request would not. sendBeacon cannot: it only POSTs.
 */
export function reportVideoViewOnLeaving(videoId: string, body: TVideoViewBody): void {
  const path = `/api/video/video_reactions/${encodeURIComponent(videoId)}/video_views`;
  void fetch(path, {
    method: 'PUT',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => {});
}
