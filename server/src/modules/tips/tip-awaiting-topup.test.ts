import { randomUUID } from 'node:crypto';
import { PURCHASE_MESSAGES } from '@stagepass/contract/purchases';
import { TIP_OPTIONS } from '@stagepass/contract/tips';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createFanWithBalance, waitForPurchase } from '../../test/factories/money.ts';
import { createPerson, getAs, type TestPerson } from '../../test/factories/people.ts';
import { publishText } from '../../test/factories/posts.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { earningsAccountId, readBalance, walletAccountId } from '../money/ledger/ledger.service.ts';

// The app listens on a real port: our pawaPay client reaches the sandbox over HTTP. The
// sandbox settles after a second, time enough to delete the post in between.
const testApp = setupTestApp({
  env: { PAWAPAY_SANDBOX_SETTLE_MS: '1000', PAWAPAY_TIMEOUT_MS: '2000', JOB_CONCURRENCY: '0' },
});
beforeAll(async () => {
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});

const COMPLETES = '260763456789';

function tipByMobileMoney(
  app: App,
  fan: TestPerson,
  creator: TestPerson,
  postId: string,
  purchaseId: string,
) {
  const [, munkoyo] = TIP_OPTIONS;
  return app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { cookie: fan.cookie },
    payload: {
      purchaseId,
      kind: 'tip',
      creator: creator.username,
      postId,
      tipName: munkoyo!.name,
      amount: munkoyo!.amount,
      funding: { method: 'mobile-money', phone: COMPLETES, correspondent: 'MTN_MOMO_ZMB' },
    },
  });
}

describe('a tip whose shortfall is topped up by mobile money', () => {
  it('completes when the top-up does, and the tip shows on the post', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const postId = await publishText(app, creator);
    const fan = await createFanWithBalance(app, 300);
    const purchaseId = randomUUID();

    const answer = await tipByMobileMoney(app, fan, creator, postId, purchaseId);
    expect(answer.statusCode).toBe(201);
    expect(answer.json().purchase.status).toBe('awaiting-payment');

    expect((await waitForPurchase(app, fan, purchaseId)).status).toBe('completed');
    const post = (await getAs(app, fan.cookie, `/api/post/fetch-post/${postId}`)).json().post;
    expect(post.tips).toEqual([expect.objectContaining({ name: TIP_OPTIONS[1]!.name, owner: fan.id })]);
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(0);
  });

  it('fails when the post is deleted before the top-up arrives; the money stays in the wallet', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const postId = await publishText(app, creator);
    const fan = await createFanWithBalance(app, 300);
    const purchaseId = randomUUID();

    expect((await tipByMobileMoney(app, fan, creator, postId, purchaseId)).statusCode).toBe(201);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/post/delete/${postId}`,
      headers: { cookie: creator.cookie },
    });
    expect(deleted.statusCode).toBe(200);

    const purchase = await waitForPurchase(app, fan, purchaseId);
    expect(purchase).toMatchObject({ status: 'failed', failureReason: PURCHASE_MESSAGES.noLongerPossible });
    // The top-up (K10 less the K3 held) was credited; nothing was spent.
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(1_000);
    expect(await readBalance(app.db, earningsAccountId(creator.id))).toBe(0);
  });
});
