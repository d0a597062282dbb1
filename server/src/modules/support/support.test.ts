import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import type { TSupportReceived } from '@stagepass/contract/support';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { supports, users } from '../../db/schema/index.ts';
import {
  buyAs,
  createFanWithBalance,
  readWalletBalance,
  waitForPurchase,
} from '../../test/factories/money.ts';
import { createPerson, insertBlock, type TestPerson } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';

// The app listens: a shortfall's mobile money top-up reaches the pawaPay sandbox over HTTP.
const testApp = setupTestApp({
  env: { PAWAPAY_SANDBOX_SETTLE_MS: '200', PAWAPAY_TIMEOUT_MS: '2000', JOB_CONCURRENCY: '0' },
});
beforeAll(async () => {
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});

function support(app: App, fan: TestPerson, creator: TestPerson, extra: Record<string, unknown> = {}) {
  return buyAs(app, fan, { kind: 'support', creator: creator.username, amount: 1_000, ...extra });
}

async function listSupporters(
  app: App,
  person: TestPerson,
  query = '',
): Promise<{ supports: TSupportReceived[]; nextCursor: string | null }> {
  const answer = await app.inject({
    url: `/api/creator/supporters${query}`,
    headers: { cookie: person.cookie },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

function hideMessage(app: App, person: TestPerson, supportId: string, isHidden: boolean) {
  return app.inject({
    method: 'PUT',
    url: `/api/creator/supporters/${supportId}/message`,
    headers: { cookie: person.cookie },
    payload: { isHidden },
  });
}

async function countSupportRows(app: App, purchaseId: string): Promise<number> {
  return (await app.db.select().from(supports).where(eq(supports.purchaseId, purchaseId))).length;
}

describe('support with a message', () => {
  it('keeps the trimmed message once with the purchase and shows it to the creator with the fan, amount, earnings and time', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 5_000);
    const purchaseId = randomUUID();

    const answer = await support(app, fan, creator, { purchaseId, message: '  Thank you for the music!  ' });
    expect(answer.statusCode, answer.body).toBe(201);
    // The same purchase sent again charges nothing and records nothing twice.
    const repeat = await support(app, fan, creator, { purchaseId, message: 'Thank you for the music!' });
    expect(repeat.statusCode).toBe(200);
    // Another message under the same purchaseId is another purchase: refused.
    const other = await support(app, fan, creator, { purchaseId, message: 'Something else' });
    expect(other.statusCode).toBe(409);

    expect(await countSupportRows(app, purchaseId)).toBe(1);
    expect(await readWalletBalance(app, fan.cookie)).toBe(4_000);
    const { supports: list, nextCursor } = await listSupporters(app, creator);
    expect(nextCursor).toBeNull();
    expect(list).toEqual([
      {
        supportId: purchaseId,
        fan: { username: fan.username, name: expect.any(String), imageAsset: null },
        amount: 1_000,
        earned: 1_000 - Math.floor((1_000 * app.config.platformFeePercent) / 100),
        sentAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        message: 'Thank you for the music!',
        isMessageHidden: false,
      },
    ]);
  });

  it('takes 280 characters as a person counts them, and no message or a blank one as none', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 5_000);
    // 280 characters, of which 140 emoji (two UTF-16 units each): 420 units, still 280 characters.
    const longest = `${'🎵'.repeat(140)}${'a'.repeat(140)}`;

    expect((await support(app, fan, creator, { message: longest })).statusCode).toBe(201);
    expect((await support(app, fan, creator, { message: ' \n\t ' })).statusCode).toBe(201);
    expect((await support(app, fan, creator)).statusCode).toBe(201);

    const messages = (await listSupporters(app, creator)).supports.map((one) => one.message);
    expect(messages).toEqual([null, null, longest]);
  });

  it.each([
    [{ message: 'a'.repeat(281) }, 'Keep the message to 280 characters.'],
    [{ message: `${'🎵'.repeat(281)}` }, 'Keep the message to 280 characters.'],
    [{ message: 42 }, 'must be text'],
    [{ message: 'Hello\u0000there' }, 'U+0000'],
    [{ message: 'Broken \uD83D half' }, 'U+D83D'],
  ])('refuses a bad message %j with a clear 400 and charges nothing', async (extra, words) => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 5_000);

    const answer = await support(app, fan, creator, extra);

    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', field: 'message' });
    expect(answer.json().message).toContain(words);
    expect(await readWalletBalance(app, fan.cookie)).toBe(5_000);
    expect((await listSupporters(app, creator)).supports).toEqual([]);
  });

  it('keeps the message when the purchase completes later, after a mobile money top-up of the shortfall', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 300);
    const purchaseId = randomUUID();

    const answer = await support(app, fan, creator, {
      purchaseId,
      message: 'Paid with MoMo',
      funding: { method: 'mobile-money', phone: '260763456789', correspondent: 'MTN_MOMO_ZMB' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().purchase.status).toBe('awaiting-payment');
    // Not support yet: nothing shows before the money arrives.
    expect((await listSupporters(app, creator)).supports).toEqual([]);

    await waitForPurchase(app, fan, purchaseId, 'completed');

    expect(await countSupportRows(app, purchaseId)).toBe(1);
    const [received] = (await listSupporters(app, creator)).supports;
    expect(received).toMatchObject({ supportId: purchaseId, amount: 1_000, message: 'Paid with MoMo' });
  });

  it('records nothing when the shortfall top-up fails', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 300);
    const purchaseId = randomUUID();

    await support(app, fan, creator, {
      purchaseId,
      message: 'Never paid',
      funding: { method: 'mobile-money', phone: '260763456049', correspondent: 'MTN_MOMO_ZMB' },
    });
    await waitForPurchase(app, fan, purchaseId, 'failed');

    expect(await countSupportRows(app, purchaseId)).toBe(0);
    expect((await listSupporters(app, creator)).supports).toEqual([]);
  });
});

describe("the creator's supporters list", () => {
  it('is the creator’s alone: another creator sees none of it, a fan is refused, a visitor must sign in', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const otherCreator = await createPerson(app);
    const fan = await createFanWithBalance(app, 5_000);
    const answer = await support(app, fan, creator, { message: 'For you only' });
    const { purchaseId } = answer.json().purchase;

    expect((await listSupporters(app, otherCreator)).supports).toEqual([]);
    const asFan = await app.inject({ url: '/api/creator/supporters', headers: { cookie: fan.cookie } });
    expect(asFan.statusCode).toBe(403);
    expect(asFan.json().message).toBe(AUTH_MESSAGES.creatorsOnly);
    expect((await app.inject({ url: '/api/creator/supporters' })).statusCode).toBe(401);
    // Hiding someone else's support answers as an unknown one does.
    expect((await hideMessage(app, otherCreator, purchaseId, true)).statusCode).toBe(404);
    expect((await hideMessage(app, otherCreator, randomUUID(), true)).statusCode).toBe(404);
    expect((await hideMessage(app, fan, purchaseId, true)).statusCode).toBe(403);
    // The fan's own receipt keeps what they wrote; nobody else's purchase answers.
    const receipt = await app.inject({
      url: `/api/purchases/${purchaseId}`,
      headers: { cookie: otherCreator.cookie },
    });
    expect(receipt.statusCode).toBe(404);
  });

  it('lets the creator hide a message and show it again', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 5_000);
    const { purchaseId } = (await support(app, fan, creator, { message: 'Something rude' })).json().purchase;

    const hidden = await hideMessage(app, creator, purchaseId, true);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().support).toMatchObject({ message: null, isMessageHidden: true });
    expect((await listSupporters(app, creator)).supports[0]).toMatchObject({
      message: null,
      isMessageHidden: true,
    });
    // Hiding twice answers the same.
    expect((await hideMessage(app, creator, purchaseId, true)).json().support.isMessageHidden).toBe(true);

    const shown = await hideMessage(app, creator, purchaseId, false);
    expect(shown.json().support).toMatchObject({ message: 'Something rude', isMessageHidden: false });
  });

  it('shows a deleted fan as a deleted account and keeps a blocked fan’s past support', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const leaving = await createFanWithBalance(app, 5_000);
    const blocked = await createFanWithBalance(app, 5_000);
    await support(app, leaving, creator, { message: 'Bye' });
    await support(app, blocked, creator, { message: 'Before the block' });
    await insertBlock(app, creator.id, blocked.id);
    await app.db.delete(users).where(eq(users.id, leaving.id));

    const list = (await listSupporters(app, creator)).supports;
    expect(list.map((one) => [one.fan?.username ?? null, one.message])).toEqual([
      [blocked.username, 'Before the block'],
      [null, 'Bye'],
    ]);
  });

  it('pages newest first by its cursor and refuses a cursor it did not make', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 10_000);
    for (const message of ['one', 'two', 'three', 'four', 'five']) {
      expect((await support(app, fan, creator, { message })).statusCode).toBe(201);
    }

    const first = await listSupporters(app, creator, '?limit=2');
    const second = await listSupporters(app, creator, `?limit=2&cursor=${first.nextCursor}`);
    const third = await listSupporters(app, creator, `?limit=2&cursor=${second.nextCursor}`);
    expect([first, second, third].flatMap((page) => page.supports.map((one) => one.message))).toEqual([
      'five',
      'four',
      'three',
      'two',
      'one',
    ]);
    expect(third.nextCursor).toBeNull();

    for (const cursor of ['nonsense', Buffer.from('["2026-01-01", 1]').toString('base64url')]) {
      const answer = await app.inject({
        url: `/api/creator/supporters?cursor=${cursor}`,
        headers: { cookie: creator.cookie },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('The cursor is not one this list made.');
    }
  });
});
