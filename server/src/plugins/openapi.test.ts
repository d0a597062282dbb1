import { audioRoutes } from '@stagepass/contract/audio';
import { creatorAnalyticsRoutes } from '@stagepass/contract/creator-analytics';
import { payoutRoutes } from '@stagepass/contract/payouts';
import { listAudiences } from '@stagepass/contract/routes';
import { videoRoutes } from '@stagepass/contract/video';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/test-app.ts';

const testApp = setupTestApp();

describe('GET /api/openapi.json', () => {
  it('documents the routes from their contract schemas', async () => {
    const { app } = testApp;
    const response = await app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Stagepass API');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/dev/outbox']));
    const outboxQuery = document.paths['/api/dev/outbox'].get.parameters;
    expect(outboxQuery).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'to', in: 'query', required: true })]),
    );
    expect(
      document.paths['/api/dev/outbox'].get.responses['400'].content['application/json'].schema,
    ).toBeDefined();
    expect(document.paths['/api/openapi.json']).toBeUndefined();
  });

  it('documents every payout route and the creator analytics, with their answers', async () => {
    const document = (await testApp.app.inject('/api/openapi.json')).json();
    const routes = [...Object.values(payoutRoutes), ...Object.values(creatorAnalyticsRoutes)];
    const documented = routes.map((route) => {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      return { route: `${route.method} ${path}`, isDocumented: Boolean(operation?.responses?.['200']) };
    });
    expect(documented.filter((each) => !each.isDocumented)).toEqual([]);
    expect(documented.map((each) => each.route)).toEqual(
      expect.arrayContaining(['GET /api/payouts/{payoutId}', 'GET /api/creator/analytics']),
    );
  });

  it("documents the spec's audio paths word for word, each with its answer", async () => {
    const document = (await testApp.app.inject('/api/openapi.json')).json();
    const documented = Object.values(audioRoutes).map((route) => {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      // The podcast feed answers RSS, not JSON: its operation is there without a JSON 200.
      const isDocumented = 'response' in route ? Boolean(operation?.responses?.['200']) : Boolean(operation);
      return { route: `${route.method} ${path}`, isDocumented };
    });
    expect(documented.filter((each) => !each.isDocumented)).toEqual([]);
    expect(documented.map((each) => each.route)).toEqual(
      expect.arrayContaining([
        'POST /api/audio/create',
        'GET /api/audio/profile-audios/{a}/{b}',
        'GET /api/audio/player-audios/{a}/{b}',
        'GET /api/audio/fetch_videos/{a}/{b}',
        'GET /api/audio/fetch-audio/{id}',
        'GET /api/audio/fetch_related_audios/{a}/{b}',
        'GET /api/audio/audio-perfomance/{id}',
        'POST /api/audio/delete_audio/{a}/{b}',
        'POST /api/audio/delete_asset/{id}',
        'PUT /api/audio/audio_reactions/{id}/{kind}',
        'PUT /api/audio/audio_reactions/{id}/{kind}/{value}',
      ]),
    );
  });

  it("documents the spec's video paths word for word, each with its answer and its audience", async () => {
    const document = (await testApp.app.inject('/api/openapi.json')).json();
    const documented = Object.values(videoRoutes).map((route) => {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      return {
        route: `${route.method} ${path}`,
        isDocumented: Boolean(operation?.responses?.['200']),
        audience: operation?.['x-audience'],
        declared: listAudiences(route.audience),
      };
    });
    expect(documented.filter((each) => !each.isDocumented)).toEqual([]);
    for (const each of documented) expect(each.audience, each.route).toEqual(each.declared);
    expect(documented.map((each) => each.route).sort()).toEqual(
      [
        'POST /api/video/create',
        'POST /api/video/update-video',
        'GET /api/video/profile_videos/{a}/{b}',
        'GET /api/video/fetch_videos/{a}/{b}',
        'GET /api/video/fetch-to-watch/{x}',
        'GET /api/video/discover/{x}',
        'GET /api/video/fetch_video/{id}',
        'GET /api/video/fetch_related_videos/{a}/{b}',
        'GET /api/video/video-perfomance/{id}',
        'POST /api/video/delete_video/{a}/{b}',
        'POST /api/video/delete-many/{id}/{queryKey}',
        'POST /api/video/delete_asset/{id}',
        'PUT /api/video/video_reactions/{id}/{kind}',
        'PUT /api/video/video_reactions/{id}/{kind}/{value}',
      ].sort(),
    );
  });
});
