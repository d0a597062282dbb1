import { PAYMENT_METHOD_MESSAGES } from '@stagepass/contract/payment-methods';
import { describe, expect, it } from 'vitest';
import {
  AIRTEL_NUMBER,
  addNumberAs,
  listAs,
  MASTERCARD,
  MTN_NUMBER,
  preferredIds,
  removeAs,
  saveCardAs,
  saveNumberAs,
  setPreferredAs,
  ZAMTEL_NUMBER,
} from '../../../test/factories/money.ts';
import { createPerson } from '../../../test/factories/people.ts';
import { setupTestApp } from '../../../test/test-app.ts';

const testApp = setupTestApp();

describe('PUT /api/payment-methods/preferred', () => {
  it('moves the flag between numbers and cards, leaving exactly one preferred', async () => {
    const person = await createPerson(testApp.app);
    const numberId = await saveNumberAs(testApp.app, person, MTN_NUMBER);
    const cardId = await saveCardAs(testApp.app, person);
    expect(await preferredIds(testApp.app, person.id)).toEqual([numberId]);

    const toCard = await setPreferredAs(testApp.app, person, { type: 'card', _id: cardId });
    expect(toCard.statusCode).toBe(200);
    expect(toCard.json()).toMatchObject({
      success: true,
      message: PAYMENT_METHOD_MESSAGES.preferredSet,
      method: { _id: cardId, type: 'card', preffered: true },
    });
    const list = await listAs(testApp.app, person);
    expect(list.cards[0]?.preffered).toBe(true);
    expect(list.mobileMoney[0]?.preffered).toBe(false);

    const back = await setPreferredAs(testApp.app, person, { type: 'mobile-money', _id: numberId });
    expect(back.json().method).toMatchObject({ _id: numberId, preffered: true });
    expect(await preferredIds(testApp.app, person.id)).toEqual([numberId]);
  });

  it("answers 404 for someone else's method, or a method of another type, and changes nothing", async () => {
    const [person, stranger] = [await createPerson(testApp.app), await createPerson(testApp.app)];
    const ownId = await saveNumberAs(testApp.app, person, MTN_NUMBER);
    const strangersFirst = await saveNumberAs(testApp.app, stranger, MTN_NUMBER);
    const strangersSecond = await saveNumberAs(testApp.app, stranger, ZAMTEL_NUMBER);

    const others = await setPreferredAs(testApp.app, person, { type: 'mobile-money', _id: strangersSecond });
    const wrongType = await setPreferredAs(testApp.app, person, { type: 'card', _id: ownId });
    for (const refused of [others, wrongType]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: PAYMENT_METHOD_MESSAGES.methodNotFound,
      });
    }
    expect(await preferredIds(testApp.app, person.id)).toEqual([ownId]);
    expect(await preferredIds(testApp.app, stranger.id)).toEqual([strangersFirst]);
  });

  it('keeps exactly one preferred when several changes arrive at once', async () => {
    const person = await createPerson(testApp.app);
    const ids = [
      await saveNumberAs(testApp.app, person, MTN_NUMBER),
      await saveNumberAs(testApp.app, person, ZAMTEL_NUMBER),
      await saveNumberAs(testApp.app, person, AIRTEL_NUMBER),
      await saveCardAs(testApp.app, person),
    ];
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all([
        setPreferredAs(testApp.app, person, { type: 'mobile-money', _id: ids[1] }),
        setPreferredAs(testApp.app, person, { type: 'card', _id: ids[3] }),
        setPreferredAs(testApp.app, person, { type: 'mobile-money', _id: ids[2] }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      const preferred = await preferredIds(testApp.app, person.id);
      expect(preferred).toHaveLength(1);
      expect([ids[1], ids[2], ids[3]]).toContain(preferred[0]);
    }
  });

  it('makes exactly one of several first methods saved at once preferred, and saves a number once', async () => {
    const person = await createPerson(testApp.app);
    const answers = await Promise.all(
      [MTN_NUMBER, ZAMTEL_NUMBER, AIRTEL_NUMBER, MTN_NUMBER].map((phone) =>
        addNumberAs(testApp.app, person, { phone }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 409]);
    expect((await listAs(testApp.app, person)).mobileMoney).toHaveLength(3);
    expect(await preferredIds(testApp.app, person.id)).toHaveLength(1);
  });

  it('refuses a body without a valid id', async () => {
    const person = await createPerson(testApp.app);
    const response = await setPreferredAs(testApp.app, person, { type: 'card', _id: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });
});

describe('DELETE /api/payment-methods/:id', () => {
  it('removes a number or a card of yours', async () => {
    const person = await createPerson(testApp.app);
    const numberId = await saveNumberAs(testApp.app, person, MTN_NUMBER);
    const cardId = await saveCardAs(testApp.app, person);

    for (const id of [cardId, numberId]) {
      const response = await removeAs(testApp.app, person, id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'The payment method has been removed.' });
    }
    expect(await listAs(testApp.app, person)).toEqual({ success: true, mobileMoney: [], cards: [] });
    expect((await removeAs(testApp.app, person, numberId)).statusCode).toBe(404);
  });

  it('passes the preferred flag to the oldest method left when the preferred one is removed', async () => {
    const person = await createPerson(testApp.app);
    const oldestNumber = await saveNumberAs(testApp.app, person, MTN_NUMBER);
    const card = await saveCardAs(testApp.app, person, MASTERCARD);
    const newerNumber = await saveNumberAs(testApp.app, person, ZAMTEL_NUMBER);
    await setPreferredAs(testApp.app, person, { type: 'mobile-money', _id: newerNumber });

    await removeAs(testApp.app, person, newerNumber);
    expect(await preferredIds(testApp.app, person.id)).toEqual([oldestNumber]);
    await removeAs(testApp.app, person, oldestNumber);
    expect(await preferredIds(testApp.app, person.id)).toEqual([card]);

    // Removing one that is not preferred leaves the flag where it is.
    const another = await saveNumberAs(testApp.app, person, AIRTEL_NUMBER);
    await removeAs(testApp.app, person, another);
    expect(await preferredIds(testApp.app, person.id)).toEqual([card]);
  });

  it("answers 404 for someone else's method and keeps it", async () => {
    const [owner, stranger] = [await createPerson(testApp.app), await createPerson(testApp.app)];
    const id = await saveNumberAs(testApp.app, owner, MTN_NUMBER);
    const response = await removeAs(testApp.app, stranger, id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: PAYMENT_METHOD_MESSAGES.methodNotFound,
    });
    expect((await listAs(testApp.app, owner)).mobileMoney).toHaveLength(1);
  });
});
