import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/test-app.ts';
import { checkHealth } from './health.service.ts';

const expectedDatabase = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

const testApp = setupTestApp();

describe('GET /api/health', () => {
  it('reports the database, the media store and the version', async () => {
    const { app, config } = testApp;
    const response = await app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      db: expectedDatabase,
      store: { kind: 'local', ok: true },
      version: config.version,
    });
  });

  it('is not ok when the database does not answer', async () => {
    const health = await checkHealth({
      database: {
        kind: 'postgres',
        ping: () => Promise.reject(new Error('connection refused')),
      } as Parameters<typeof checkHealth>[0]['database'],
      mediaStore: { kind: 'local', check: async () => true },
      config: { version: '1.2.3' },
    });
    expect(health).toEqual({
      ok: false,
      db: 'postgres',
      store: { kind: 'local', ok: true },
      version: '1.2.3',
    });
  });
});
