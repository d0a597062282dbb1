import { CARDS_MAX, PAYMENT_METHOD_MESSAGES } from '@stagepass/contract/payment-methods';
import { describe, expect, it } from 'vitest';
import { createId } from '../../../lib/ids.ts';
import {
  addCardAs,
  listAs,
  MASTERCARD,
  MTN_NUMBER,
  saveCardAs,
  saveNumberAs,
  tokenizeCard,
  VISA,
} from '../../../test/factories/money.ts';
import { createPerson } from '../../../test/factories/people.ts';
import { PRODUCTION_TEST_ENV, setupTestApp } from '../../../test/test-app.ts';
import { createSandboxCardToken, type SandboxCard } from '../providers/cards/sandbox/sandbox-card-token.ts';

const testApp = setupTestApp();
const sandboxCard: SandboxCard = {
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  fingerprint: 'fp_'.padEnd(40, 'x'),
};

describe('POST /api/payment-methods/cards', () => {
  it('saves a card from its sandbox token; the list shows it masked with its brand and expiry', async () => {
    const processor = await testApp.app.inject('/api/payment-methods/card-processor');
    expect(processor.json()).toEqual({
      success: true,
      kind: 'sandbox',
      tokenizeUrl: '/sandbox/cards/tokens',
    });

    const person = await createPerson(testApp.app, { role: 'fan' });
    const tokenized = await tokenizeCard(testApp.app, VISA);
    expect(tokenized.statusCode).toBe(200);
    const added = await addCardAs(testApp.app, person, { token: tokenized.json().token });
    expect(added.statusCode).toBe(201);
    const card = {
      _id: expect.stringMatching(/^[A-Za-z0-9_-]{14}$/),
      type: 'card',
      brand: 'visa',
      last4: '4242',
      cardNumber: '•••• •••• •••• 4242',
      expires: '12/30',
      preffered: true,
    };
    expect(added.json()).toEqual({ success: true, method: card });
    expect(await listAs(testApp.app, person)).toEqual({ success: true, mobileMoney: [], cards: [card] });
  });

  it('refuses a token that is made up, altered or signed with another key', async () => {
    const person = await createPerson(testApp.app);
    const { token } = (await tokenizeCard(testApp.app, VISA)).json();
    const [body, mac] = token.split('.');
    const payload = JSON.parse(Buffer.from(body.slice('tok_sandbox_'.length), 'base64url').toString());
    const altered = `tok_sandbox_${Buffer.from(JSON.stringify({ ...payload, last4: '0000' })).toString('base64url')}.${mac}`;
    const otherKey = createSandboxCardToken('another-secret-another-secret-another!', sandboxCard);
    const flippedMac = `${body}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;

    for (const forged of ['tok_sandbox_made-up.token', altered, otherKey, flippedMac, `${token}.extra`]) {
      const response = await addCardAs(testApp.app, person, { token: forged });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: 'CARD_TOKEN_INVALID',
        message: PAYMENT_METHOD_MESSAGES.cardTokenInvalid,
      });
    }
    expect((await listAs(testApp.app, person)).cards).toEqual([]);
  });

  it('refuses a card whose token outlived its expiry', async () => {
    const person = await createPerson(testApp.app);
    const token = createSandboxCardToken(testApp.config.appSecret, {
      ...sandboxCard,
      expMonth: 1,
      expYear: 2020,
    });
    const response = await addCardAs(testApp.app, person, { token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'CARD_EXPIRED',
      message: PAYMENT_METHOD_MESSAGES.cardExpired,
    });
  });

  it('recognises the same card saved twice, and answers a repeat of its client id as the same request', async () => {
    const person = await createPerson(testApp.app);
    const _id = createId(14);
    const { token } = (await tokenizeCard(testApp.app, MASTERCARD)).json();
    const first = await addCardAs(testApp.app, person, { _id, token });
    expect(first.statusCode).toBe(201);
    const repeat = await addCardAs(testApp.app, person, { _id, token });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().method).toEqual(first.json().method);

    const retyped = (
      await tokenizeCard(testApp.app, { ...MASTERCARD, cardNumber: '5555 5555 5555 4444' })
    ).json();
    const again = await addCardAs(testApp.app, person, { token: retyped.token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CARD_TAKEN', message: PAYMENT_METHOD_MESSAGES.cardTaken });

    // Another person may save the same card; the id stays the first person's.
    const stranger = await createPerson(testApp.app);
    expect((await addCardAs(testApp.app, stranger, { token })).statusCode).toBe(201);
    expect((await addCardAs(testApp.app, stranger, { _id, token })).statusCode).toBe(409);
  });

  it(`keeps at most ${CARDS_MAX} cards`, async () => {
    const person = await createPerson(testApp.app);
    for (let index = 0; index < CARDS_MAX; index += 1) {
      const token = createSandboxCardToken(testApp.config.appSecret, {
        ...sandboxCard,
        fingerprint: `fp_card_number_${index}`.padEnd(40, 'x'),
      });
      expect((await addCardAs(testApp.app, person, { token })).statusCode).toBe(201);
    }
    const { token } = (await tokenizeCard(testApp.app, VISA)).json();
    const response = await addCardAs(testApp.app, person, { token });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'TOO_MANY_CARDS',
      message: PAYMENT_METHOD_MESSAGES.tooManyCards,
    });
  });

  it('keeps a number preferred when a card is added without asking, and a card is not a number', async () => {
    const person = await createPerson(testApp.app);
    await saveNumberAs(testApp.app, person, MTN_NUMBER);
    const cardId = await saveCardAs(testApp.app, person);
    expect((await listAs(testApp.app, person)).cards[0]?.preffered).toBe(false);

    const edit = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/payment-methods/mobile-money/${cardId}`,
      headers: { cookie: person.cookie },
      payload: { phone: MTN_NUMBER },
    });
    expect(edit.statusCode).toBe(404);
  });
});

describe('GET /api/openapi.json', () => {
  it('describes every payment-method route and the sandbox tokeniser', async () => {
    const { paths } = (await testApp.app.inject('/api/openapi.json')).json();
    const operations = [
      paths['/api/payment-methods'].get,
      paths['/api/payment-methods/card-processor'].get,
      paths['/api/payment-methods/mobile-money'].post,
      paths['/api/payment-methods/mobile-money/{id}'].patch,
      paths['/api/payment-methods/cards'].post,
      paths['/api/payment-methods/preferred'].put,
      paths['/api/payment-methods/{id}'].delete,
      paths['/sandbox/cards/tokens'].post,
    ];
    for (const operation of operations) {
      expect(operation).toMatchObject({ summary: expect.any(String), description: expect.any(String) });
      expect(operation.responses['200'] ?? operation.responses['201']).toBeDefined();
    }
    expect(paths['/api/payment-methods/cards'].post.responses['503']).toBeDefined();
  });
});

describe('without a card processor (production)', () => {
  const production = setupTestApp({ env: PRODUCTION_TEST_ENV });

  it('says cards cannot be added, and offers no sandbox tokeniser', async () => {
    const { app, config } = production;
    expect((await app.inject('/api/payment-methods/card-processor')).json()).toEqual({
      success: true,
      kind: 'none',
    });
    const person = await createPerson(app);
    const token = createSandboxCardToken(config.appSecret, sandboxCard);
    const response = await addCardAs(app, person, { token });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      code: 'CARDS_UNAVAILABLE',
      message: PAYMENT_METHOD_MESSAGES.cardsUnavailable,
    });
    expect((await tokenizeCard(app, VISA)).statusCode).toBe(404);
  });
});
