import type { TCreatorsPage } from '@stagepass/contract/profiles';
import { expect, it } from 'vitest';
import { spawnServer } from '../../test/spawn-server.ts';
import { setupSpawnedServerEnvironment } from '../../test/spawned-server-environment.ts';
import { DEMO_PASSWORD, DEMO_SECURITY_ANSWER } from './demo-people.ts';

// `npm start` itself: the first start on an empty database seeds and says how to sign in.
const environment = setupSpawnedServerEnvironment('stagepass-demo-start-', {
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
});

it('prints demo sign-ins on the first start only', async () => {
  const first = await spawnServer(environment);
  try {
    await first.waitUntilHealthy();
    const output = first.output();
    expect(output).toMatch(/Demo content: 12 creators, 4 fans, \d+ posts, \d+ tracks and 5 videos/);
    expect(output).toContain('mwilabanda@example.com');
    expect(output).toContain('mubanga@example.com');
    expect(output).toContain(DEMO_PASSWORD);
    expect(output).toContain(DEMO_SECURITY_ANSWER);
    const response = await fetch(`${first.baseUrl}/api/creators?q=mwila`);
    const { creators } = (await response.json()) as TCreatorsPage;
    expect(creators[0]?.username).toBe('@mwilabanda');
  } finally {
    await first.stop();
  }

  const second = await spawnServer(environment);
  try {
    await second.waitUntilHealthy();
    expect(second.output()).toContain('Stagepass is running');
    expect(second.output()).not.toContain('Demo content');
  } finally {
    await second.stop();
  }
  // Two starts, the first making the demo's photos and video (two processes on two cores).
}, 90_000);
