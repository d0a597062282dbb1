import { randomUUID } from 'node:crypto';
import type { TCorrespondent } from '@stagepass/contract/mobile-money';
import type { TCardForm, TPaymentMethodsResponse } from '@stagepass/contract/payment-methods';
import type { TPurchase } from '@stagepass/contract/purchases';
import type { TDeposit, TDepositRequest } from '@stagepass/contract/wallet';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { type DepositRow, deposits, type PaymentMethodRow, paymentMethods } from '../../db/schema/index.ts';
import {
  ensurePlatformAccounts,
  ensureWalletAccount,
  PLATFORM_ACCOUNTS,
  postLedgerTransaction,
} from '../../modules/money/ledger/ledger.service.ts';
import { reserveAndSave } from '../../modules/money/payouts/request-payout.ts';
import { createPerson, type TestPerson } from './people.ts';

// Money for tests: a fan with a wallet balance (booked through the ledger's booking
// function, as a settled top-up books it: never ledger rows written by hand), deposits, and
// saved payment methods through the HTTP API as the web app saves them.

/** A signed-in fan whose wallet holds `ngwee`, booked as a settled pawaPay top-up. */
export async function createFanWithBalance(app: App, ngwee: number): Promise<TestPerson> {
  const fan = await createPerson(app, { role: 'fan' });
  await fundWallet(app.db, fan.id, ngwee);
  return fan;
}

/** Books `ngwee` into the person's wallet from pawaPay's clearing account, as a top-up does. */
export async function fundWallet(db: Db, userId: string, ngwee: number): Promise<void> {
  await ensurePlatformAccounts(db);
  const wallet = await ensureWalletAccount(db, userId);
  await postLedgerTransaction(db, {
    kind: 'topup',
    reference: `test:topup:${randomUUID()}`,
    description: 'Wallet topup',
    lines: [
      { accountId: PLATFORM_ACCOUNTS.clearingPawapay, amount: -ngwee },
      { accountId: wallet, amount: ngwee },
    ],
  });
}

export const VISA = { cardNumber: '4242 4242 4242 4242', expires: '12/30', cvc: '123' } satisfies TCardForm;
export const MASTERCARD = {
  cardNumber: '5555555555554444',
  expires: '01/31',
  cvc: '321',
} satisfies TCardForm;

// Numbers of each operator, as people type them.
export const MTN_NUMBER = '0961234567';
export const AIRTEL_NUMBER = '+260 97 123 4567';
export const ZAMTEL_NUMBER = '0951234567';

export function addNumberAs(app: App, person: TestPerson, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/payment-methods/mobile-money',
    headers: { cookie: person.cookie },
    payload: body,
  });
}

export function tokenizeCard(app: App, form: Record<string, unknown>, remoteAddress?: string) {
  return app.inject({ method: 'POST', url: '/sandbox/cards/tokens', payload: form, remoteAddress });
}

export function addCardAs(app: App, person: TestPerson, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/payment-methods/cards',
    headers: { cookie: person.cookie },
    payload: body,
  });
}

/** Tokenises the card and saves it; answers the saved method's id. */
export async function saveCardAs(app: App, person: TestPerson, form: TCardForm = VISA): Promise<string> {
  const tokenized = await tokenizeCard(app, form);
  if (tokenized.statusCode !== 200) throw new Error(`tokenising failed: ${tokenized.body}`);
  const added = await addCardAs(app, person, { token: tokenized.json().token });
  if (added.statusCode !== 201) throw new Error(`saving the card failed: ${added.body}`);
  return added.json().method._id;
}

export async function saveNumberAs(app: App, person: TestPerson, phone: string): Promise<string> {
  const added = await addNumberAs(app, person, { phone });
  if (added.statusCode !== 201) throw new Error(`saving the number failed: ${added.body}`);
  return added.json().method._id;
}

export async function listAs(app: App, person: TestPerson): Promise<TPaymentMethodsResponse> {
  const response = await app.inject({ url: '/api/payment-methods', headers: { cookie: person.cookie } });
  if (response.statusCode !== 200) throw new Error(`listing failed: ${response.body}`);
  return response.json();
}

export function setPreferredAs(app: App, person: TestPerson, body: Record<string, unknown>) {
  return app.inject({
    method: 'PUT',
    url: '/api/payment-methods/preferred',
    headers: { cookie: person.cookie },
    payload: body,
  });
}

export function removeAs(app: App, person: TestPerson, id: string) {
  return app.inject({
    method: 'DELETE',
    url: `/api/payment-methods/${id}`,
    headers: { cookie: person.cookie },
  });
}

/** The ids of the person's preferred methods, read from the table itself. */
export async function preferredIds(app: App, userId: string): Promise<string[]> {
  const rows = await app.db
    .select({ id: paymentMethods.id, isPreferred: paymentMethods.isPreferred })
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId));
  return rows.filter((row) => row.isPreferred).map((row) => row.id);
}

/** The person's payment method rows as stored, for tests that prove nothing changed them. */
export function listPaymentMethodRowsOf(app: App, userId: string): Promise<PaymentMethodRow[]> {
  return app.db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId));
}

/** A deposit request as the Topup panel sends it, with the operator the number belongs to. */
export function depositRequest(
  phone: string,
  overrides: Partial<TDepositRequest> = {},
): TDepositRequest & { statementDescription: string } {
  const correspondent: TCorrespondent =
    phone.startsWith('26076') || phone.startsWith('26096')
      ? 'MTN_MOMO_ZMB'
      : phone.startsWith('26095') || phone.startsWith('26075')
        ? 'ZAMTEL_ZMB'
        : 'AIRTEL_OAPI_ZMB';
  return {
    depositId: randomUUID(),
    amount: '20',
    currency: 'ZMW',
    country: 'ZMB',
    correspondent,
    payer: { type: 'MSISDN', address: { value: phone } },
    customerTimestamp: new Date().toISOString(),
    statementDescription: 'Wallet topup',
    preAuthorisationCode: 'A1B2C3D4E5F6G7H8',
    ...overrides,
  };
}

export async function postDeposit(app: App, cookie: string, body: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/pawapay/deposits-api/deposit',
    headers: { cookie },
    payload: body as object,
  });
}

export async function readStatus(app: App, cookie: string, depositId: string): Promise<TDeposit> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/pawapay/deposits-api/deposit-status/${depositId}`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  const deposit = response.json().result[0];
  if (!deposit) throw new Error('no deposit in the status answer');
  return deposit;
}

/** Polls like the Topup panel does (only faster) until the deposit's status is one of `statuses`. */
export async function waitForStatus(
  app: App,
  cookie: string,
  depositId: string,
  statuses: string[],
): Promise<TDeposit> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const deposit = await readStatus(app, cookie, depositId);
    if (statuses.includes(deposit.status)) return deposit;
    if (Date.now() > deadline) throw new Error(`deposit ${depositId} stayed ${deposit.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function readWalletBalance(app: App, cookie: string): Promise<number> {
  const response = await app.inject({ url: '/api/wallet', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().balance.amount;
}

/**
 * A deposit pawaPay has accepted and not settled, written straight to its table: for tests
 * whose app does not listen, so cannot reach the sandbox over HTTP. Answers its depositId.
 */
export async function insertAcceptedDeposit(app: App, userId: string): Promise<string> {
  const depositId = randomUUID();
  await app.db.insert(deposits).values({
    depositId,
    userId,
    status: 'ACCEPTED',
    requestedAmount: 2000,
    currency: 'ZMW',
    country: 'ZMB',
    correspondent: 'MTN_MOMO_ZMB',
    payerPhone: '260763456789',
    customerTimestamp: new Date().toISOString(),
    statementDescription: 'Stagepass top-up',
  });
  return depositId;
}

/** The person's deposit rows as stored, for tests that prove nothing changed them. */
export function listDepositRowsOf(app: App, userId: string): Promise<DepositRow[]> {
  return app.db.select().from(deposits).where(eq(deposits.userId, userId));
}

/** POST /api/purchases as the fan: a new purchaseId unless the body brings one. */
export function buyAs(app: App, fan: TestPerson, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { cookie: fan.cookie },
    payload: { purchaseId: randomUUID(), ...body },
  });
}

/** Reads the purchase until it no longer awaits its top-up (or the status asked for), for 15 s at most. */
export async function waitForPurchase(
  app: App,
  fan: TestPerson,
  purchaseId: string,
  status?: TPurchase['status'],
): Promise<TPurchase> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await app.inject({ url: `/api/purchases/${purchaseId}`, headers: { cookie: fan.cookie } });
    const purchase = answer.json().purchase as TPurchase;
    if (status ? purchase.status === status : purchase.status !== 'awaiting-payment') return purchase;
    if (Date.now() > deadline) throw new Error(`purchase ${purchaseId} stayed ${purchase.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A signed-in creator who has earned exactly `ngwee`: a fan with the money buys their
 * support through the API, at the price whose share after the platform's fee is `ngwee`.
 */
export async function createCreatorWithEarnings(app: App, ngwee: number): Promise<TestPerson> {
  const creator = await createPerson(app);
  await earnFromSupport(app, creator, ngwee);
  return creator;
}

/** Adds `ngwee` to the creator's earnings as a support purchase pays them. */
export async function earnFromSupport(app: App, creator: TestPerson, ngwee: number): Promise<void> {
  const feePercent = app.config.platformFeePercent;
  const base = Math.floor((ngwee * 100) / (100 - feePercent));
  const price = [base - 1, base, base + 1, base + 2].find(
    (amount) => amount - Math.floor((amount * feePercent) / 100) === ngwee,
  );
  if (!price) throw new Error(`No price earns exactly ${ngwee} ngwee at a ${feePercent}% fee.`);
  const fan = await createFanWithBalance(app, price);
  const answer = await buyAs(app, fan, { kind: 'support', creator: creator.username, amount: price });
  expect(answer.statusCode, answer.body).toBe(201);
}

/**
 * A payout of K20 of the creator's earnings (earned first), saved and reserved as a request
 * does but not sent: for tests whose app does not listen, so cannot reach the sandbox over
 * HTTP. Answers its payoutId.
 */
export async function insertReservedPayout(app: App, creator: TestPerson): Promise<string> {
  await earnFromSupport(app, creator, 2_000);
  const saved = await reserveAndSave(app.db, {
    payoutId: randomUUID(),
    creatorId: creator.id,
    amount: 2_000,
    recipient: { phone: '260763456789', correspondent: 'MTN_MOMO_ZMB' },
    holdHours: 0,
    isAutomatic: false,
  });
  if (!saved) throw new Error('the payout was not saved');
  return saved.payoutId;
}
