import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { DEMO_CREATORS, DEMO_FANS } from './demo-people.ts';
import { seedDemoContentIfEmpty } from './demo-seed.ts';

const testApp = setupTestApp();

// Several servers may start at once against one PostgreSQL: only one of them seeds.
it('seeds once when two starts race on an empty database', async () => {
  const seed = () =>
    seedDemoContentIfEmpty({
      db: testApp.app.db,
      mediaStore: testApp.app.mediaStore,
      isProduction: false,
      appSecret: testApp.app.config.appSecret,
      tools: { ffmpegPath: undefined, ffprobePath: undefined },
      scratch: {
        workRoot: path.join(testApp.app.config.dataDir, 'tmp', 'media-processing'),
        instance: testApp.app.serverInstance,
      },
      log: testApp.app.log,
    });
  const results = await Promise.all([seed(), seed()]);
  expect(results.map((result) => result.status).sort()).toEqual(['seeded', 'skipped']);
  const [row] = await testApp.app.db.select({ count: sql<number>`count(*)::int` }).from(users);
  expect(row?.count).toBe(DEMO_CREATORS.length + DEMO_FANS.length);
});
