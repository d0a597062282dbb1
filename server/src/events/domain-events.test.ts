import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { jobs } from '../db/schema/index.ts';
import { readJob, waitFor, waitForJobStatus } from '../jobs/test-jobs.ts';
import { publishTrack } from '../test/factories/audio.ts';
import { buyAs, createFanWithBalance } from '../test/factories/money.ts';
import { createPerson, type TestPerson } from '../test/factories/people.ts';
import { createPostAs, publishText } from '../test/factories/posts.ts';
import { setupTestApp } from '../test/test-app.ts';
import type { DomainEventName, DomainEventPayload } from './catalogue.ts';
import { emit } from './domain-events.ts';

// Domain events through the real app: a follow and a purchase made over the API, delivered by
// the app's own job engine to subscribers of the test's own, registered as a module registers
// its own while the app is built.

const testApp = setupTestApp();

type Delivery = { subscriber: string; attempt: number; payload: unknown };
const deliveries: Delivery[] = [];
/** Follows whose first delivery to 'tell-the-second' fails, as a mail server that is down would. */
const failOnceFor = new Set<string>();

function record(subscriber: string) {
  return async (payload: unknown, { attempt }: { attempt: number }) => {
    deliveries.push({ subscriber, attempt, payload });
  };
}

beforeAll(() => {
  const { app } = testApp;
  app.events.subscribe('follow.created', 'tell-the-first', record('tell-the-first'));
  app.events.subscribe('follow.created', 'tell-the-second', async (payload, context) => {
    if (failOnceFor.has(payload.followedId) && context.attempt === 1) {
      throw new Error('the mail server is down');
    }
    await record('tell-the-second')(payload, context);
  });
  app.events.subscribe('purchase.completed', 'tell-the-first', record('tell-the-first'));
  app.events.subscribe('item.published', 'tell-the-first', record('tell-the-first'));
});

const follow = (app: App, fan: TestPerson, creator: TestPerson) =>
  app.inject({
    method: 'POST',
    url: `/api/users/${creator.username}/follow`,
    headers: { cookie: fan.cookie },
  });

/** The delivery jobs of `event` whose payload holds `match`, once none is waiting any more. */
async function settledDeliveries(app: App, event: DomainEventName, match: Record<string, unknown>) {
  const ofEvent = and(like(jobs.kind, `${event}:%`), sql`${jobs.payload} @> ${JSON.stringify(match)}::jsonb`);
  return waitFor(
    async () => {
      app.jobs.wake();
      const rows = await app.db.select().from(jobs).where(ofEvent);
      return rows.some((row) => row.status === 'queued' || row.status === 'running') ? undefined : rows;
    },
    { what: `the deliveries of ${event}` },
  );
}

const deliveriesOf = (match: Record<string, unknown>) =>
  deliveries.filter((delivery) =>
    Object.entries(match).every(
      ([key, value]) => (delivery.payload as Record<string, unknown>)[key] === value,
    ),
  );

describe('domain events', () => {
  it('delivers item.published for a post and a track once each, and nothing for a repeated create', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const postId = await publishText(app, creator);
    // The same id again answers the post already made: published once.
    expect(
      (await createPostAs(app, creator.cookie, { postId, type: 'text', description: 'Again' })).statusCode,
    ).toBe(200);
    const track = await publishTrack(app, creator);
    await settledDeliveries(app, 'item.published', { creatorId: creator.id });
    expect(deliveriesOf({ creatorId: creator.id }).map((delivery) => delivery.payload)).toEqual([
      { itemId: postId, kind: 'post', creatorId: creator.id },
      { itemId: track.audioId, kind: 'audio', creatorId: creator.id },
    ]);
  });

  it('delivers a follow to each subscriber once, after the follow commits', async () => {
    const { app } = testApp;
    const fan = await createPerson(app, { role: 'fan' });
    const creator = await createPerson(app);

    expect((await follow(app, fan, creator)).json()).toEqual({ followStatus: true, followers_count: 1 });
    // Unfollowing is no new follow, and following again is one.
    expect((await follow(app, fan, creator)).json()).toMatchObject({ followStatus: false });
    expect((await follow(app, fan, creator)).json()).toMatchObject({ followStatus: true });

    const jobsOfFollow = await settledDeliveries(app, 'follow.created', { followedId: creator.id });
    expect(jobsOfFollow.map((job) => [job.kind, job.status, job.attempts]).toSorted()).toEqual([
      ['follow.created:tell-the-first', 'done', 1],
      ['follow.created:tell-the-first', 'done', 1],
      ['follow.created:tell-the-second', 'done', 1],
      ['follow.created:tell-the-second', 'done', 1],
    ]);
    const told = { followerId: fan.id, followedId: creator.id };
    expect(deliveriesOf({ followedId: creator.id })).toEqual([
      { subscriber: expect.any(String), attempt: 1, payload: told },
      { subscriber: expect.any(String), attempt: 1, payload: told },
      { subscriber: expect.any(String), attempt: 1, payload: told },
      { subscriber: expect.any(String), attempt: 1, payload: told },
    ]);
    expect(
      deliveriesOf({ followedId: creator.id })
        .map((delivery) => delivery.subscriber)
        .toSorted(),
    ).toEqual(['tell-the-first', 'tell-the-first', 'tell-the-second', 'tell-the-second']);
  });

  it('never delivers an event whose transaction rolled back', async () => {
    const { app } = testApp;
    const [follower, followed, later] = ['rolled-back-fan', 'rolled-back-creator', 'committed-creator'];

    await expect(
      app.db.transaction(async (tx) => {
        await emit(tx, 'follow.created', { followerId: follower, followedId: followed });
        throw new Error('the follow failed after it was told');
      }),
    ).rejects.toThrow('the follow failed after it was told');
    // One told after it, in a transaction that commits, is delivered: the rolled-back one
    // would have gone first.
    await app.db.transaction((tx) => emit(tx, 'follow.created', { followerId: follower, followedId: later }));

    expect(await settledDeliveries(app, 'follow.created', { followedId: later })).toHaveLength(2);
    expect(
      await app.db.$count(jobs, sql`${jobs.payload} @> ${JSON.stringify({ followedId: followed })}::jsonb`),
    ).toBe(0);
    expect(deliveriesOf({ followedId: followed })).toEqual([]);
    expect(deliveriesOf({ followedId: later })).toHaveLength(2);
  });

  it('tries a failing subscriber again, and the others are told meanwhile', async () => {
    const { app } = testApp;
    const fan = await createPerson(app, { role: 'fan' });
    const creator = await createPerson(app);
    failOnceFor.add(creator.id);

    expect((await follow(app, fan, creator)).statusCode).toBe(200);

    // The first subscriber is told while the second waits for its next try (the engine's
    // backoff, 15 seconds after a first failure)...
    const [failed] = await app.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, 'follow.created:tell-the-second'),
          sql`${jobs.payload} @> ${JSON.stringify({ followedId: creator.id })}::jsonb`,
        ),
      );
    const waiting = await waitFor(async () => {
      app.jobs.wake();
      const job = await readJob(app.db, failed!.id);
      return job.status === 'queued' && job.attempts === 1 ? job : undefined;
    });
    expect(waiting.lastError).toBe('Error: the mail server is down');
    expect(waiting.runAfter.getTime()).toBeGreaterThan(Date.now() + 10_000);
    await waitFor(async () => (deliveriesOf({ followedId: creator.id }).length === 1 ? true : undefined));
    expect(deliveriesOf({ followedId: creator.id }).map((delivery) => delivery.subscriber)).toEqual([
      'tell-the-first',
    ]);

    // ...and is told at that try, once.
    await app.db.update(jobs).set({ runAfter: sql`now()` }).where(eq(jobs.id, failed!.id));
    app.jobs.wake();
    expect((await waitForJobStatus(app.db, failed!.id, 'done')).attempts).toBe(2);
    expect(
      deliveriesOf({ followedId: creator.id }).map(({ subscriber, attempt }) => [subscriber, attempt]),
    ).toEqual([
      ['tell-the-first', 1],
      ['tell-the-second', 2],
    ]);
  });

  it('does not run a delivery whose payload does not fit the event, and fails it saying why', async () => {
    const { app } = testApp;
    const [row] = await app.db
      .insert(jobs)
      .values({ kind: 'follow.created:tell-the-first', payload: { followerId: 'misshapen-follow' } })
      .returning({ id: jobs.id });
    app.jobs.wake();

    const refused = await waitForJobStatus(app.db, row!.id, 'failed');
    expect(refused.lastError).toMatch(
      /^InvalidJobPayload: the payload does not fit the schema of 'follow\.created:tell-the-first'/,
    );
    expect(refused.lastError).toMatch(/at followedId/);
    expect(deliveriesOf({ followerId: 'misshapen-follow' })).toEqual([]);
  });

  it('refuses to emit a payload that does not fit its event, undoing the change it tells of', async () => {
    const { app } = testApp;
    await expect(
      app.db.transaction(async (tx) => {
        // @ts-expect-error: the compiler refuses it too; a cast or stale data could still get here.
        await emit(tx, 'follow.created', { followerId: 'half-a-follow' });
      }),
    ).rejects.toThrow(/followedId/);
    expect(await app.db.$count(jobs, sql`${jobs.payload} @> '{"followerId":"half-a-follow"}'::jsonb`)).toBe(
      0,
    );
  });

  it('tells of a purchase once it is paid', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 5_000);
    const purchaseId = crypto.randomUUID();

    const answer = await buyAs(app, fan, {
      purchaseId,
      kind: 'support',
      creator: creator.username,
      amount: 2_500,
    });
    expect(answer.statusCode, answer.body).toBe(201);

    const delivered = await settledDeliveries(app, 'purchase.completed', { purchaseId });
    expect(delivered.map((job) => [job.kind, job.status])).toEqual([
      ['purchase.completed:tell-the-first', 'done'],
    ]);
    const told: DomainEventPayload<'purchase.completed'> = {
      purchaseId,
      kind: 'support',
      fanId: fan.id,
      creatorId: creator.id,
      amount: 2_500,
      fee: 250,
      funding: 'wallet',
      itemId: null,
      completedAt: expect.any(String),
    };
    expect(deliveriesOf({ purchaseId })).toEqual([
      { subscriber: 'tell-the-first', attempt: 1, payload: told },
    ]);
  });
});
