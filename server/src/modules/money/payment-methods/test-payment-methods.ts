import type { TCardForm, TPaymentMethodsResponse } from '@stagepass/contract/payment-methods';
import { eq } from 'drizzle-orm';
import type { App } from '../../../app.ts';
import { type PaymentMethodRow, paymentMethods } from '../../../db/schema/index.ts';
import type { TestPerson } from '../../posts/test-posts.ts';

// Helpers for the payment-method tests: each goes through the HTTP API as the web app does.

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
