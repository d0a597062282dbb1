import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import type { TMember, TMembersResponse } from '@stagepass/contract/members';
import { TIP_OPTIONS } from '@stagepass/contract/tips';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { passes, users } from '../../db/schema/index.ts';
import { buyAs, createFanWithBalance } from '../../test/factories/money.ts';
import { createPerson, insertBlock, type TestPerson } from '../../test/factories/people.ts';
import { insertPosts } from '../../test/factories/posts.ts';
import { setupTestApp } from '../../test/test-app.ts';

const testApp = setupTestApp();

async function offerPasses(app: App, creator: TestPerson): Promise<void> {
  for (const [period, price] of [
    ['weekly', 1_500],
    ['monthly', 5_000],
  ] as const) {
    const answer = await app.inject({
      method: 'PUT',
      url: '/api/users/pricing',
      headers: { cookie: creator.cookie },
      payload: { period, price },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }
}

async function buy(app: App, fan: TestPerson, body: Record<string, unknown>): Promise<void> {
  const answer = await buyAs(app, fan, body);
  expect(answer.statusCode, answer.body).toBe(201);
}

async function listMembers(app: App, person: TestPerson, query = ''): Promise<TMembersResponse> {
  const answer = await app.inject({
    url: `/api/creator/members${query}`,
    headers: { cookie: person.cookie },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/** Moves when the fan became a member, so the order is known (passes made in one test share a millisecond rarely, but may). */
async function setMemberSince(app: App, fan: TestPerson, creator: TestPerson, at: Date): Promise<void> {
  await app.db
    .update(passes)
    .set({ createdAt: at })
    .where(and(eq(passes.fanId, fan.id), eq(passes.creatorId, creator.id)));
}

describe("the creator's members list", () => {
  it('lists each pass holder with the period, since when, renewal and everything they spent with this creator', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const otherCreator = await createPerson(app);
    await offerPasses(app, creator);
    await offerPasses(app, otherCreator);
    const [paidPost] = await insertPosts(app, [
      { authorId: creator.id, createdAt: new Date(), visibility: 'pay-to-unlock', price: 750 },
    ]);
    const [tipPost] = await insertPosts(app, [{ authorId: creator.id, createdAt: new Date() }]);
    const tip = TIP_OPTIONS[1]!;
    const fan = await createFanWithBalance(app, 50_000);

    await buy(app, fan, { kind: 'pass', creator: creator.username, period: 'weekly' });
    await buy(app, fan, { kind: 'pass', creator: creator.username, period: 'monthly' });
    await buy(app, fan, { kind: 'unlock', creator: creator.username, item: { type: 'post', id: paidPost } });
    await buy(app, fan, {
      kind: 'tip',
      creator: creator.username,
      postId: tipPost,
      tipName: tip.name,
      amount: tip.amount,
    });
    await buy(app, fan, { kind: 'support', creator: creator.username, amount: 2_000, message: 'Hi' });
    // Spent with another creator: not this creator's to see.
    await buy(app, fan, { kind: 'pass', creator: otherCreator.username, period: 'weekly' });
    const renew = await app.inject({
      method: 'PUT',
      url: `/api/passes/${creator.username}/auto-renew`,
      headers: { cookie: fan.cookie },
      payload: { enabled: true },
    });
    expect(renew.statusCode).toBe(200);

    const { activeCount, members, nextCursor } = await listMembers(app, creator);

    expect(activeCount).toBe(1);
    expect(nextCursor).toBeNull();
    expect(members).toEqual([
      {
        fan: { username: fan.username, name: expect.any(String), imageAsset: null },
        period: 'monthly',
        memberSince: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
        expiresAt: expect.any(String),
        isActive: true,
        isAutoRenew: true,
        isBlocked: false,
        spent: {
          total: 1_500 + 5_000 + 750 + tip.amount + 2_000,
          pass: 6_500,
          unlock: 750,
          tip: tip.amount,
          support: 2_000,
        },
      } satisfies TMember,
    ]);
    // Weekly then monthly: the expiry moved on by 7 + 30 days from the first purchase.
    const days = (Date.parse(members[0]!.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(36.9);
    expect(days).toBeLessThan(37.1);
  });

  it('pages newest member first, counts only running passes as active, and shows who does not renew', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    await offerPasses(app, creator);
    const fans: TestPerson[] = [];
    for (let index = 0; index < 5; index++) {
      const fan = await createFanWithBalance(app, 10_000);
      await buy(app, fan, { kind: 'pass', creator: creator.username, period: 'weekly' });
      await setMemberSince(app, fan, creator, new Date(Date.UTC(2026, 0, 1 + index)));
      fans.push(fan);
    }
    // The oldest member's pass has ended.
    await app.db
      .update(passes)
      .set({ expiresAt: sql`now() - interval '1 day'` })
      .where(and(eq(passes.fanId, fans[0]!.id), eq(passes.creatorId, creator.id)));

    const first = await listMembers(app, creator, '?limit=2');
    const second = await listMembers(app, creator, `?limit=2&cursor=${first.nextCursor}`);
    const third = await listMembers(app, creator, `?limit=2&cursor=${second.nextCursor}`);

    expect(first.activeCount).toBe(4);
    const all = [first, second, third].flatMap((page) => page.members);
    expect(all.map((member) => member.fan.username)).toEqual(fans.map((fan) => fan.username).reverse());
    expect(all.map((member) => member.isActive)).toEqual([true, true, true, true, false]);
    expect(all.every((member) => !member.isAutoRenew)).toBe(true);
    expect(all.every((member) => member.spent.total === 1_500)).toBe(true);
    expect(third.nextCursor).toBeNull();
  });

  it('marks a member a block stands between, either way, and drops a deleted account', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    await offerPasses(app, creator);
    const blockedByCreator = await createFanWithBalance(app, 10_000);
    const blockingCreator = await createFanWithBalance(app, 10_000);
    const leaving = await createFanWithBalance(app, 10_000);
    for (const fan of [blockedByCreator, blockingCreator, leaving]) {
      await buy(app, fan, { kind: 'pass', creator: creator.username, period: 'weekly' });
    }
    await insertBlock(app, creator.id, blockedByCreator.id);
    await insertBlock(app, blockingCreator.id, creator.id);
    await app.db.delete(users).where(eq(users.id, leaving.id));

    const { activeCount, members } = await listMembers(app, creator);

    expect(activeCount).toBe(2);
    expect(Object.fromEntries(members.map((member) => [member.fan.username, member.isBlocked]))).toEqual({
      [blockedByCreator.username]: true,
      [blockingCreator.username]: true,
    });
  });

  it('is for creators only and refuses a cursor it did not make', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });

    const asFan = await app.inject({ url: '/api/creator/members', headers: { cookie: fan.cookie } });
    expect(asFan.statusCode).toBe(403);
    expect(asFan.json().message).toBe(AUTH_MESSAGES.creatorsOnly);
    expect((await app.inject({ url: '/api/creator/members' })).statusCode).toBe(401);
    expect(await listMembers(app, creator)).toEqual({
      success: true,
      activeCount: 0,
      members: [],
      nextCursor: null,
    });

    for (const cursor of [
      'x',
      Buffer.from(JSON.stringify(['2026-01-01', randomUUID()])).toString('base64url'),
    ]) {
      const answer = await app.inject({
        url: `/api/creator/members?cursor=${cursor}`,
        headers: { cookie: creator.cookie },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('The cursor is not one this list made.');
    }
    const tooMany = await app.inject({
      url: '/api/creator/members?limit=51',
      headers: { cookie: creator.cookie },
    });
    expect(tooMany.statusCode).toBe(400);
  });
});
