import { PROFILE_MESSAGES } from '@stagepass/contract/profiles';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blocks, users } from '../../db/schema/index.ts';
import { createPerson, type TestPerson } from '../../test/factories/people.ts';
import { insertPosts } from '../../test/factories/posts.ts';
import { setupTestApp } from '../../test/test-app.ts';

const testApp = setupTestApp();

const block = (blocker: TestPerson, blocked: TestPerson) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/users/${blocked.username}/report`,
    headers: { cookie: blocker.cookie },
    payload: { kind: 'block', reason: 'Poor content' },
  });
const listBlocks = (cookie: string, query = '') =>
  testApp.app.inject({ url: `/api/blocks${query}`, headers: cookie ? { cookie } : {} });
const unblock = (cookie: string, userId: string) =>
  testApp.app.inject({
    method: 'DELETE',
    url: `/api/blocks/${encodeURIComponent(userId)}`,
    headers: cookie ? { cookie } : {},
  });
const getProfile = (username: string, cookie: string) =>
  testApp.app.inject({ url: `/api/users/${username}`, headers: { cookie } });
const listCreatorPosts = (username: string, cookie: string) =>
  testApp.app.inject({ url: `/api/post/fetch-all/${username}?cursor=0&limit=10`, headers: { cookie } });

/** Blocks written straight to the table, at chosen times, for the paging tests. */
async function insertBlocks(blocker: TestPerson, rows: { blocked: TestPerson; createdAt: Date }[]) {
  await testApp.app.db
    .insert(blocks)
    .values(
      rows.map((row) => ({ blockerId: blocker.id, blockedId: row.blocked.id, createdAt: row.createdAt })),
    );
}

describe('blocking answers what it did', () => {
  it("says '{name} has been blocked.', not 'Report submited!'", async () => {
    const blocker = await createPerson(testApp.app, { role: 'fan' });
    const blocked = await createPerson(testApp.app, { name: 'Mutale Banda' });
    const response = await block(blocker, blocked);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Mutale Banda has been blocked.' });
  });
});

describe('GET /api/blocks', () => {
  it('lists the accounts the signed-in person blocked, newest first, with name, username and avatar', async () => {
    const blocker = await createPerson(testApp.app, { role: 'fan' });
    const first = await createPerson(testApp.app, { name: 'First Blocked' });
    const second = await createPerson(testApp.app, { name: 'Second Blocked' });
    await testApp.app.db
      .update(users)
      .set({ avatarPublicId: 'avatar-of-second' })
      .where(eq(users.id, second.id));
    expect((await block(blocker, first)).statusCode).toBe(200);
    expect((await block(blocker, second)).statusCode).toBe(200);

    const response = await listBlocks(blocker.cookie);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ success: true, nextCursor: null });
    expect(page.accounts).toEqual([
      {
        _id: second.id,
        name: 'Second Blocked',
        username: second.username,
        imageAsset: {
          public_id: 'avatar-of-second',
          secure_url: expect.stringContaining('avatar-of-second'),
        },
        blockedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
      },
      {
        _id: first.id,
        name: 'First Blocked',
        username: first.username,
        imageAsset: null,
        blockedAt: expect.any(String),
      },
    ]);
  });

  it('shows only your own blocks: not the ones made on you, nor anyone else’s', async () => {
    const blocker = await createPerson(testApp.app);
    const blocked = await createPerson(testApp.app);
    const bystander = await createPerson(testApp.app, { role: 'fan' });
    await block(blocker, blocked);
    expect((await listBlocks(blocked.cookie)).json().accounts).toEqual([]);
    expect((await listBlocks(bystander.cookie)).json()).toEqual({
      success: true,
      accounts: [],
      nextCursor: null,
    });
  });

  it('pages by cursor through every block exactly once, ties in time included', async () => {
    const blocker = await createPerson(testApp.app, { role: 'fan' });
    const people = await Promise.all(Array.from({ length: 7 }, () => createPerson(testApp.app)));
    const base = Date.parse('2025-03-01T10:00:00.000Z');
    // Three blocks share one instant: only the id tells them apart, so the cursor must carry it.
    const times = [0, 1000, 1000, 1000, 2000, 3000, 4000];
    await insertBlocks(
      blocker,
      people.map((blocked, index) => ({ blocked, createdAt: new Date(base + times[index]!) })),
    );
    const timeOf = new Map(people.map((person, index) => [person.id, times[index]!]));
    // The order within the tie is the database's (its collation compares the ids): one big
    // page shows it, and the small pages must add up to exactly that.
    const whole = (await listBlocks(blocker.cookie, '?limit=50')).json();
    const expected = whole.accounts.map((account: { _id: string }) => account._id);
    expect(whole.nextCursor).toBeNull();
    expect(new Set(expected)).toEqual(new Set(timeOf.keys()));
    const expectedTimes = expected.map((id: string) => timeOf.get(id));
    expect(expectedTimes).toEqual([...times].sort((a, b) => b - a));

    const seen: string[] = [];
    let cursor = '0';
    for (let pages = 0; pages < 10 && cursor; pages++) {
      const response = await listBlocks(blocker.cookie, `?limit=2&cursor=${cursor}`);
      expect(response.statusCode).toBe(200);
      const page = response.json();
      expect(page.accounts.length).toBeLessThanOrEqual(2);
      seen.push(...page.accounts.map((account: { _id: string }) => account._id));
      cursor = page.nextCursor ?? '';
    }
    expect(seen).toEqual(expected);
  });

  it('refuses bad input with a clear 400, and a signed-out visitor with 401', async () => {
    const person = await createPerson(testApp.app, { role: 'fan' });
    for (const query of [
      '?limit=0',
      '?limit=51',
      '?limit=two',
      '?cursor=not-a-cursor',
      `?cursor=${'x'.repeat(201)}`,
    ]) {
      const response = await listBlocks(person.cookie, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        message: expect.any(String),
        code: expect.any(String),
      });
    }
    const forged = Buffer.from(JSON.stringify({ at: 'yesterday', id: 'x' })).toString('base64url');
    const refused = await listBlocks(person.cookie, `?cursor=${forged}`);
    expect(refused.json()).toEqual({
      success: false,
      message: PROFILE_MESSAGES.invalidBlocksPage,
      code: 'INVALID_CURSOR',
    });
    expect((await listBlocks('')).statusCode).toBe(401);
  });
});

describe('DELETE /api/blocks/:userId', () => {
  it('unblocks: the profile and its posts show again, following is possible again, and it says so', async () => {
    const blocker = await createPerson(testApp.app, { role: 'fan' });
    const creator = await createPerson(testApp.app, { name: 'Kondwani Zulu' });
    await insertPosts(testApp.app, [{ authorId: creator.id, createdAt: new Date() }]);
    await block(blocker, creator);
    expect((await getProfile(creator.username, blocker.cookie)).statusCode).toBe(404);
    expect((await listCreatorPosts(creator.username, blocker.cookie)).statusCode).toBe(404);

    const response = await unblock(blocker.cookie, creator.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Kondwani Zulu has been unblocked.' });

    expect((await getProfile(creator.username, blocker.cookie)).statusCode).toBe(200);
    const posts = await listCreatorPosts(creator.username, blocker.cookie);
    expect(posts.statusCode).toBe(200);
    expect(posts.json().posts).toHaveLength(1);
    expect((await listBlocks(blocker.cookie)).json().accounts).toEqual([]);
    const follow = await testApp.app.inject({
      method: 'POST',
      url: `/api/users/${creator.username}/follow`,
      headers: { cookie: blocker.cookie },
    });
    expect(follow.json()).toMatchObject({ followStatus: true });
  });

  it('is idempotent: unblocking again, or someone never blocked, answers the same', async () => {
    const blocker = await createPerson(testApp.app, { role: 'fan' });
    const blocked = await createPerson(testApp.app, { name: 'Twice Unblocked' });
    await block(blocker, blocked);
    const answers = await Promise.all([
      unblock(blocker.cookie, blocked.id),
      unblock(blocker.cookie, blocked.id),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const again = await unblock(blocker.cookie, blocked.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Twice Unblocked has been unblocked.');
    expect(await testApp.app.db.select().from(blocks).where(eq(blocks.blockerId, blocker.id))).toEqual([]);
  });

  it('removes only your own block: a block made on you, or by both, stays', async () => {
    const first = await createPerson(testApp.app);
    const second = await createPerson(testApp.app);
    await block(first, second);
    // The blocked person cannot lift the block made on them.
    expect((await unblock(second.cookie, first.id)).statusCode).toBe(200);
    expect((await getProfile(second.username, first.cookie)).statusCode).toBe(404);
    expect((await getProfile(first.username, second.cookie)).statusCode).toBe(404);
    expect((await listBlocks(first.cookie)).json().accounts.map((a: { _id: string }) => a._id)).toEqual([
      second.id,
    ]);

    // Each blocked the other: one unblocking leaves the other's block, so both stay hidden.
    await testApp.app.db.insert(blocks).values({ blockerId: second.id, blockedId: first.id });
    expect((await unblock(first.cookie, second.id)).statusCode).toBe(200);
    expect((await getProfile(second.username, first.cookie)).statusCode).toBe(404);
    const rows = await testApp.app.db.select().from(blocks).where(eq(blocks.blockedId, first.id));
    expect(rows.map((row) => row.blockerId)).toEqual([second.id]);
  });

  it('answers 404 for an unknown account, 400 for a malformed id or oneself, 401 when signed out', async () => {
    const person = await createPerson(testApp.app, { role: 'fan' });
    const unknown = await unblock(person.cookie, 'NoAccountHasThisId00');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      success: false,
      message: PROFILE_MESSAGES.profileNotFound,
      code: 'NOT_FOUND',
    });
    for (const bad of ['has space', 'semi;colon', 'x'.repeat(65), 'nul\u0000byte']) {
      const response = await unblock(person.cookie, bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: expect.any(String) });
    }
    const self = await unblock(person.cookie, person.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(PROFILE_MESSAGES.cannotUnblockSelf);
    expect((await unblock('', person.id)).statusCode).toBe(401);
  });

  it('limits unblocking to 100 an hour per account', async () => {
    const person = await createPerson(testApp.app, { role: 'fan' });
    const other = await createPerson(testApp.app, { role: 'fan' });
    const target = await createPerson(testApp.app);
    for (let index = 0; index < 100; index++) {
      expect((await unblock(person.cookie, target.id)).statusCode).toBe(200);
    }
    const limited = await unblock(person.cookie, target.id);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await unblock(other.cookie, target.id)).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the blocked-accounts list and Unblock under the profiles tag', async () => {
    const { paths } = (await testApp.app.inject('/api/openapi.json')).json();
    expect(paths['/api/blocks'].get.tags).toEqual(['profiles']);
    expect(paths['/api/blocks/{userId}'].delete.tags).toEqual(['profiles']);
    expect(paths['/api/blocks/{userId}'].delete.responses['404']).toBeDefined();
  });
});
