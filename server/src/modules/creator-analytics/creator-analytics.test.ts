import type { TCreatorAnalyticsResponse } from '@stagepass/contract/creator-analytics';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buyAs, createFanWithBalance, earnFromSupport } from '../../test/factories/money.ts';
import { createPerson, type TestPerson } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';

const testApp = setupTestApp();

async function readAnalytics(
  app: App,
  creator: TestPerson,
  range?: string,
): Promise<TCreatorAnalyticsResponse> {
  const answer = await app.inject({
    url: `/api/creator/analytics${range ? `?range=${range}` : ''}`,
    headers: { cookie: creator.cookie },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function setPassPrice(app: App, creator: TestPerson) {
  const answer = await app.inject({
    method: 'PUT',
    url: '/api/users/pricing',
    headers: { cookie: creator.cookie },
    payload: { period: 'weekly', price: 2_000 },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

describe("a creator's analytics", () => {
  it('counts earnings by day and source, passes sold and renewed, and followers', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    await setPassPrice(app, creator);
    const fan = await createFanWithBalance(app, 10_000);
    const follow = await app.inject({
      method: 'POST',
      url: `/api/users/${creator.username.slice(1)}/follow`,
      headers: { cookie: fan.cookie },
    });
    expect(follow.statusCode, follow.body).toBe(200);
    for (let index = 0; index < 2; index += 1) {
      const pass = await buyAs(app, fan, { kind: 'pass', creator: creator.username, period: 'weekly' });
      expect(pass.statusCode, pass.body).toBe(201);
    }
    await earnFromSupport(app, creator, 900);

    const analytics = await readAnalytics(app, creator, '7');

    expect(analytics.days).toHaveLength(7);
    const today = analytics.days.at(-1)!;
    expect(today.bySource).toEqual({ pass: 3_600, unlock: 0, tip: 0, support: 900 });
    expect(analytics.totals).toMatchObject({ earned: 4_500, purchases: 3 });
    expect(analytics.passes).toEqual({ active: 1, sold: 2, renewals: 1 });
    expect(analytics.followers.at(-1)).toEqual({ day: today.day, count: 1 });
    expect(analytics.followers[0]!.count).toBe(0);
  });

  it('answers 30 days by default, refuses another range, and is for creators only', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });

    expect((await readAnalytics(app, creator)).days).toHaveLength(30);
    const odd = await app.inject({
      url: '/api/creator/analytics?range=12',
      headers: { cookie: creator.cookie },
    });
    const byFan = await app.inject({ url: '/api/creator/analytics', headers: { cookie: fan.cookie } });
    expect(odd.statusCode).toBe(400);
    expect(byFan.statusCode).toBe(403);
  });
});
