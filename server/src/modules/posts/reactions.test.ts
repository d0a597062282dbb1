import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { POST_MESSAGES, REACTION_EMOJI, type TPost } from '@stagepass/contract/posts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { itemReactions } from '../../db/schema/index.ts';
import { createPerson, getAs, insertBlock, type TestPerson } from '../../test/factories/people.ts';
import { publishText, reactAs, updatePostAs } from '../../test/factories/posts.ts';
import { setupTestApp } from '../../test/test-app.ts';

const testApp = setupTestApp();
const reactionRows = (postId: string, ownerId?: string) =>
  testApp.app.db
    .select()
    .from(itemReactions)
    .where(and(eq(itemReactions.itemId, postId), ownerId ? eq(itemReactions.ownerId, ownerId) : undefined));

async function react(person: TestPerson, postId: string, name: string): Promise<TPost> {
  const response = await reactAs(testApp.app, person.cookie, postId, name);
  expect(response.statusCode).toBe(200);
  return response.json().post;
}

describe("PUT /api/post/update/:postId, target 'likes'", () => {
  it('adds, replaces and removes a reaction by the spec’s rules, newest first, with counts', async () => {
    const creator = await createPerson(testApp.app);
    const [ana, ben] = [
      await createPerson(testApp.app, { role: 'fan' }),
      await createPerson(testApp.app, { role: 'fan' }),
    ];
    const postId = await publishText(testApp.app, creator);

    let post = await react(ana, postId, 'love');
    expect(post.likes).toEqual([{ owner: ana.id, name: 'love', emoji: REACTION_EMOJI.love, postId }]);
    expect(post.viewerReaction).toEqual({ owner: ana.id, name: 'love', emoji: '❤️', postId });

    // Otherwise the new one is added at the front.
    post = await react(ben, postId, 'haha');
    expect(post.likes.map((like) => [like.owner, like.name])).toEqual([
      [ben.id, 'haha'],
      [ana.id, 'love'],
    ]);
    expect(post.reactionCounts).toEqual({ love: 1, haha: 1, wow: 0, angry: 0, sad: 0 });

    // A different reaction from the same owner replaces theirs.
    post = await react(ana, postId, 'wow');
    expect(post.likes.map((like) => [like.owner, like.name])).toEqual([
      [ana.id, 'wow'],
      [ben.id, 'haha'],
    ]);
    expect(post.reactionCounts).toEqual({ love: 0, haha: 1, wow: 1, angry: 0, sad: 0 });
    expect(await reactionRows(postId, ana.id)).toHaveLength(1);

    // The same reaction from the same owner removes it.
    post = await react(ana, postId, 'wow');
    expect(post.likes.map((like) => like.owner)).toEqual([ben.id]);
    expect(post.viewerReaction).toBeNull();
    expect(post.reactionCounts).toEqual({ love: 0, haha: 1, wow: 0, angry: 0, sad: 0 });

    // Everyone sees the counts; the viewer's own reaction is theirs alone.
    const asBen = (await getAs(testApp.app, ben.cookie, `/api/post/fetch-post/${postId}`)).json().post;
    expect(asBen.viewerReaction).toMatchObject({ owner: ben.id, name: 'haha', emoji: '😂' });
    const signedOut = (await getAs(testApp.app, undefined, `/api/post/fetch-post/${postId}`)).json().post;
    expect(signedOut.viewerReaction).toBeNull();
    expect(signedOut.reactionCounts.haha).toBe(1);
  });

  it('shows the 20 newest reactions and counts all of them, with the viewer’s own beside', async () => {
    const creator = await createPerson(testApp.app);
    const postId = await publishText(testApp.app, creator);
    const first = await createPerson(testApp.app, { role: 'fan' });
    await react(first, postId, 'sad');
    const crowd = await Promise.all(
      Array.from({ length: 21 }, () => createPerson(testApp.app, { role: 'fan' })),
    );
    for (const person of crowd) await react(person, postId, 'love');
    const post = (await getAs(testApp.app, first.cookie, `/api/post/fetch-post/${postId}`)).json()
      .post as TPost;
    expect(post.likes).toHaveLength(20);
    expect(post.likes[0]?.owner).toBe(crowd.at(-1)?.id);
    expect(post.likes.map((like) => like.owner)).not.toContain(first.id);
    expect(post.reactionCounts).toEqual({ love: 21, haha: 0, wow: 0, angry: 0, sad: 1 });
    expect(post.viewerReaction).toMatchObject({ owner: first.id, name: 'sad' });
  });

  it('takes the owner from the session: a like naming someone else is refused', async () => {
    const creator = await createPerson(testApp.app);
    const fan = await createPerson(testApp.app, { role: 'fan' });
    const postId = await publishText(testApp.app, creator);
    const forged = await updatePostAs(testApp.app, fan.cookie, postId, {
      postId,
      target: 'likes',
      update: { like: { name: 'angry', emoji: '😡', owner: creator.id, postId } },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(POST_MESSAGES.notYourReaction);
    expect(await reactionRows(postId)).toEqual([]);

    // The spec's payload in full, with the caller's own id and a wrong emoji: the emoji follows the name.
    const own = await updatePostAs(testApp.app, fan.cookie, postId, {
      postId,
      target: 'likes',
      update: { like: { name: 'angry', emoji: '🙂', owner: fan.id, postId } },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().post.likes).toEqual([{ owner: fan.id, name: 'angry', emoji: '😡', postId }]);
  });

  it('refuses unknown kinds, other ids, closed reactions, locked posts, blocks and signed-out callers', async () => {
    const creator = await createPerson(testApp.app);
    const fan = await createPerson(testApp.app, { role: 'fan' });
    const postId = await publishText(testApp.app, creator);

    const unknownKind = await reactAs(testApp.app, fan.cookie, postId, 'meh');
    expect(unknownKind.statusCode).toBe(400);
    expect(unknownKind.json()).toMatchObject({
      field: 'update.like.name',
      message: 'Name must be one of: love, haha, wow, angry, sad.',
    });

    const otherId = await updatePostAs(testApp.app, fan.cookie, postId, {
      postId: 'B'.repeat(16),
      target: 'likes',
      update: { like: { name: 'love' } },
    });
    expect(otherId.statusCode).toBe(400);
    expect(otherId.json()).toMatchObject({ field: 'postId', message: POST_MESSAGES.postIdMismatch });

    expect((await reactAs(testApp.app, fan.cookie, 'C'.repeat(16), 'love')).statusCode).toBe(404);
    expect((await reactAs(testApp.app, '', postId, 'love')).statusCode).toBe(401);

    const closed = await publishText(testApp.app, creator, { isReactionsOpen: false });
    const onClosed = await reactAs(testApp.app, fan.cookie, closed, 'love');
    expect(onClosed.statusCode).toBe(403);
    expect(onClosed.json().message).toBe(POST_MESSAGES.reactionsClosed);

    const forSubscribers = await publishText(testApp.app, creator, { visibility: 'subscribers' });
    const onLocked = await reactAs(testApp.app, fan.cookie, forSubscribers, 'love');
    expect(onLocked.statusCode).toBe(403);
    expect(onLocked.json().message).toBe(POST_MESSAGES.lockedReaction);
    // The author may react to their own locked post.
    expect((await reactAs(testApp.app, creator.cookie, forSubscribers, 'love')).statusCode).toBe(200);

    await insertBlock(testApp.app, creator.id, fan.id);
    const blocked = await reactAs(testApp.app, fan.cookie, postId, 'love');
    expect(blocked.statusCode).toBe(404);
    expect(blocked.json().message).toBe(POST_MESSAGES.postNotFound);
    expect(await reactionRows(postId)).toEqual([]);
  });
});

describe('reactions under concurrency', () => {
  it('keeps one reaction per owner and post, and runs one owner’s toggles one after another', async () => {
    const creator = await createPerson(testApp.app);
    const fan = await createPerson(testApp.app, { role: 'fan' });
    const postId = await publishText(testApp.app, creator);

    // Ten identical likes at once (a nervous double tap, ten times): each sees the last, so
    // they alternate add, remove, add… and an even number leaves no reaction.
    const toggles = await Promise.all(
      Array.from({ length: 10 }, () => reactAs(testApp.app, fan.cookie, postId, 'love')),
    );
    expect(toggles.every((toggle) => toggle.statusCode === 200)).toBe(true);
    expect(toggles.filter((toggle) => toggle.json().post.viewerReaction !== null)).toHaveLength(5);
    expect(await reactionRows(postId)).toEqual([]);

    // Every kind at once from one owner: one row, of one of the kinds.
    const kinds = ['love', 'haha', 'wow', 'angry', 'sad'];
    const mixed = await Promise.all(kinds.map((kind) => reactAs(testApp.app, fan.cookie, postId, kind)));
    expect(mixed.every((answer) => answer.statusCode === 200)).toBe(true);
    const rows = await reactionRows(postId);
    expect(rows).toHaveLength(1);
    expect(kinds).toContain(rows[0]?.kind);

    // Many owners at once: every reaction counted.
    const crowd = await Promise.all(
      Array.from({ length: 8 }, () => createPerson(testApp.app, { role: 'fan' })),
    );
    await Promise.all(crowd.map((person) => reactAs(testApp.app, person.cookie, postId, 'wow')));
    const post = (await getAs(testApp.app, undefined, `/api/post/fetch-post/${postId}`)).json().post as TPost;
    const total = Object.values(post.reactionCounts).reduce((sum, count) => sum + count, 0);
    expect(total).toBe(9);
    expect(await reactionRows(postId)).toHaveLength(9);
  });
});

describe('limits per account', () => {
  it('takes 120 reactions a minute from one account, then answers 429 while others go on', async () => {
    const creator = await createPerson(testApp.app);
    const [busy, calm] = [
      await createPerson(testApp.app, { role: 'fan' }),
      await createPerson(testApp.app, { role: 'fan' }),
    ];
    const postId = await publishText(testApp.app, creator);
    for (let index = 0; index < 120; index++) {
      expect((await reactAs(testApp.app, busy.cookie, postId, 'love')).statusCode).toBe(200);
    }
    const limited = await reactAs(testApp.app, busy.cookie, postId, 'love');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(AUTH_MESSAGES.tooManyRequests);
    expect((await reactAs(testApp.app, calm.cookie, postId, 'haha')).statusCode).toBe(200);
  });
});
