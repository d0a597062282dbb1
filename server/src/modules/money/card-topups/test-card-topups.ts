import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { TCardTopup } from '@stagepass/contract/card-topups';
import type { TCardForm } from '@stagepass/contract/payment-methods';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../../app.ts';
import { cardSandboxCharges, ledgerTransactions } from '../../../db/schema/index.ts';
import { saveCardAs } from '../../../test/factories/money.ts';
import type { TestPerson } from '../../../test/factories/people.ts';
import { SANDBOX_TEST_CARDS } from '../providers/cards/sandbox/sandbox-charge-outcomes.ts';
import { cardTopupReference } from './settle-card-topup.ts';

// Helpers for the card top-up tests: saved sandbox test cards, the top-up routes, and the
// bank's 3-D Secure page answered over real HTTP as a browser answers its form.

const cardOf = (cardNumber: string): TCardForm => ({ cardNumber, expires: '12/34', cvc: '123' });
export const TEST_CARDS = {
  succeeds: cardOf(SANDBOX_TEST_CARDS.succeeds),
  declined: cardOf(SANDBOX_TEST_CARDS.declined),
  insufficientFunds: cardOf(SANDBOX_TEST_CARDS.insufficientFunds),
  requiresAuthentication: cardOf(SANDBOX_TEST_CARDS.requiresAuthentication),
};

export function saveTestCard(app: App, person: TestPerson, card: keyof typeof TEST_CARDS): Promise<string> {
  return saveCardAs(app, person, TEST_CARDS[card]);
}

export function postCardTopup(app: App, person: TestPerson, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/wallet/card-topups',
    headers: { cookie: person.cookie },
    payload: body,
  });
}

export async function topUpByCard(
  app: App,
  person: TestPerson,
  paymentMethodId: string,
  amount = 2_000,
): Promise<TCardTopup> {
  const answer = await postCardTopup(app, person, { topupId: randomUUID(), amount, paymentMethodId });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().topup;
}

export async function getCardTopup(app: App, person: TestPerson, topupId: string): Promise<TCardTopup> {
  const answer = await app.inject({
    url: `/api/wallet/card-topups/${topupId}`,
    headers: { cookie: person.cookie },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().topup;
}

export const baseUrlOf = (app: App) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/**
 * Opens the challenge page and presses one of its buttons, as a browser does: the form's
 * action and the button's name and value are read from the page itself. Answers where the
 * bank sends the browser back (not followed).
 */
export async function answerChallenge(
  app: App,
  challengeUrl: string,
  button: 'Approve' | 'Refuse',
): Promise<{ page: string; location: string }> {
  const pageAnswer = await fetch(new URL(challengeUrl, baseUrlOf(app)));
  expect(pageAnswer.status).toBe(200);
  expect(pageAnswer.headers.get('content-type')).toContain('text/html');
  const page = await pageAnswer.text();
  const action = page.match(/<form method="post" action="([^"]+)"/)?.[1];
  const pressed = page.match(
    new RegExp(`<button type="submit" name="(\\w+)" value="(\\w+)"[^>]*>${button}</button>`),
  );
  if (!action || !pressed) throw new Error(`no form or no ${button} button on the page`);
  const answered = await fetch(new URL(action, baseUrlOf(app)), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ [pressed[1]!]: pressed[2]! }).toString(),
    redirect: 'manual',
  });
  expect(answered.status).toBe(303);
  return { page, location: answered.headers.get('location') ?? '' };
}

/** The browser arriving back at our return address (its path, on this app), with the person's cookie. */
export async function followReturn(app: App, person: TestPerson, location: string) {
  const answer = await fetch(new URL(new URL(location).pathname, baseUrlOf(app)), {
    headers: { cookie: person.cookie },
    redirect: 'manual',
  });
  expect(answer.status).toBe(303);
  return answer.headers.get('location') ?? '';
}

/** How many ledger transactions booked this card top-up (exactly once means 1). */
export async function countCardBookings(app: App, topupId: string): Promise<number> {
  const rows = await app.db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reference, cardTopupReference(topupId)));
  return rows.length;
}

/** How many charges the sandbox processor made under this top-up's key. */
export async function countCharges(app: App, topupId: string): Promise<number> {
  const rows = await app.db
    .select({ id: cardSandboxCharges.chargeId })
    .from(cardSandboxCharges)
    .where(eq(cardSandboxCharges.idempotencyKey, topupId));
  return rows.length;
}
