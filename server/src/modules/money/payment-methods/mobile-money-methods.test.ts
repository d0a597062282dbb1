import { MOBILE_MONEY_MESSAGES, OPERATORS } from '@stagepass/contract/mobile-money';
import { MOBILE_MONEY_METHODS_MAX, PAYMENT_METHOD_MESSAGES } from '@stagepass/contract/payment-methods';
import { describe, expect, it } from 'vitest';
import { createId } from '../../../lib/ids.ts';
import {
  AIRTEL_NUMBER,
  addNumberAs,
  listAs,
  MTN_NUMBER,
  preferredIds,
  saveNumberAs,
  ZAMTEL_NUMBER,
} from '../../../test/factories/money.ts';
import { createPerson } from '../../../test/factories/people.ts';
import { setupTestApp } from '../../../test/test-app.ts';

const testApp = setupTestApp();
const editAs = (person: { cookie: string }, id: string, body: Record<string, unknown>) =>
  testApp.app.inject({
    method: 'PATCH',
    url: `/api/payment-methods/mobile-money/${id}`,
    headers: { cookie: person.cookie },
    payload: body,
  });

describe('POST /api/payment-methods/mobile-money', () => {
  it("saves a number normalised to 260…, with its operator's name, logo and accent", async () => {
    const person = await createPerson(testApp.app, { role: 'fan' });
    const response = await addNumberAs(testApp.app, person, { phone: AIRTEL_NUMBER });
    expect(response.statusCode).toBe(201);
    const { logo, accent } = OPERATORS.AIRTEL_OAPI_ZMB;
    expect(response.json()).toEqual({
      success: true,
      method: {
        _id: expect.stringMatching(/^[A-Za-z0-9_-]{14}$/),
        type: 'mobile-money',
        correspondent: 'AIRTEL_OAPI_ZMB',
        name: 'Airtel',
        phone: '260971234567',
        preffered: true,
        logo,
        accent,
      },
    });
  });

  it('lists only your own numbers, oldest first, the first one preferred', async () => {
    const person = await createPerson(testApp.app, { role: 'fan' });
    const stranger = await createPerson(testApp.app, { role: 'fan' });
    await saveNumberAs(testApp.app, stranger, MTN_NUMBER);
    expect(await listAs(testApp.app, person)).toEqual({ success: true, mobileMoney: [], cards: [] });

    for (const phone of [MTN_NUMBER, ZAMTEL_NUMBER, AIRTEL_NUMBER])
      await saveNumberAs(testApp.app, person, phone);
    const { mobileMoney, cards } = await listAs(testApp.app, person);
    expect(cards).toEqual([]);
    expect(mobileMoney.map((method) => [method.name, method.phone, method.preffered])).toEqual([
      ['MTN', '260961234567', true],
      ['Zamtel', '260951234567', false],
      ['Airtel', '260971234567', false],
    ]);
  });

  it('makes a number sent with preffered true the only preferred method', async () => {
    const person = await createPerson(testApp.app, { role: 'fan' });
    await saveNumberAs(testApp.app, person, MTN_NUMBER);
    const response = await addNumberAs(testApp.app, person, { phone: ZAMTEL_NUMBER, preffered: true });
    expect(response.json().method.preffered).toBe(true);
    expect(await preferredIds(testApp.app, person.id)).toEqual([response.json().method._id]);
  });

  it("treats a repeat of the client's id as the same request, and refuses the id for anything else", async () => {
    const [person, stranger] = [await createPerson(testApp.app), await createPerson(testApp.app)];
    const _id = createId(14);
    const first = await addNumberAs(testApp.app, person, { _id, phone: MTN_NUMBER });
    expect(first.statusCode).toBe(201);
    expect(first.json().method._id).toBe(_id);

    const repeat = await addNumberAs(testApp.app, person, { _id, phone: '+260961234567' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().method).toEqual(first.json().method);

    const otherNumber = await addNumberAs(testApp.app, person, { _id, phone: ZAMTEL_NUMBER });
    const otherPerson = await addNumberAs(testApp.app, stranger, { _id, phone: MTN_NUMBER });
    for (const refused of [otherNumber, otherPerson]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        success: false,
        code: 'PAYMENT_METHOD_ID_TAKEN',
        message: PAYMENT_METHOD_MESSAGES.idTaken,
      });
    }
    expect((await listAs(testApp.app, person)).mobileMoney).toHaveLength(1);
    expect((await listAs(testApp.app, stranger)).mobileMoney).toHaveLength(0);
  });

  it('gives a client id to one of two people choosing it at the same moment', async () => {
    const [ana, ben] = [await createPerson(testApp.app), await createPerson(testApp.app)];
    const _id = createId(14);
    const answers = await Promise.all([
      addNumberAs(testApp.app, ana, { _id, phone: MTN_NUMBER }),
      addNumberAs(testApp.app, ben, { _id, phone: MTN_NUMBER }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().code).toBe('PAYMENT_METHOD_ID_TAKEN');
  });

  it('refuses the same number twice, however it is typed', async () => {
    const person = await createPerson(testApp.app);
    await saveNumberAs(testApp.app, person, '0971234567');
    const again = await addNumberAs(testApp.app, person, { phone: AIRTEL_NUMBER });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PHONE_TAKEN', message: PAYMENT_METHOD_MESSAGES.phoneTaken });
  });

  it(`keeps at most ${MOBILE_MONEY_METHODS_MAX} numbers`, async () => {
    const person = await createPerson(testApp.app);
    for (let index = 0; index < MOBILE_MONEY_METHODS_MAX; index += 1) {
      await saveNumberAs(testApp.app, person, `09600000${String(index).padStart(2, '0')}`);
    }
    const response = await addNumberAs(testApp.app, person, { phone: '0960000099' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'TOO_MANY_NUMBERS',
      message: PAYMENT_METHOD_MESSAGES.tooManyNumbers,
    });
  });

  it("refuses numbers that are not a Zambian operator's, with the contract's messages", async () => {
    const person = await createPerson(testApp.app);
    const cases = [
      [{ phone: '' }, MOBILE_MONEY_MESSAGES.phoneRequired],
      [{ phone: '0211234567' }, MOBILE_MONEY_MESSAGES.phoneInvalid],
      [{ phone: '+254 712 345 678' }, MOBILE_MONEY_MESSAGES.phoneInvalid],
      [{}, 'Phone is required.'],
    ] as const;
    for (const [body, message] of cases) {
      const response = await addNumberAs(testApp.app, person, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(response.json().message).toContain(message);
    }
    expect(await listAs(testApp.app, person)).toMatchObject({ mobileMoney: [] });
  });

  it('asks to sign in first', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/payment-methods/mobile-money',
      payload: { phone: MTN_NUMBER },
    });
    expect(response.statusCode).toBe(401);
    expect((await testApp.app.inject('/api/payment-methods')).statusCode).toBe(401);
  });
});

describe('PATCH /api/payment-methods/mobile-money/:id', () => {
  it("changes the number and follows the new number's operator", async () => {
    const person = await createPerson(testApp.app);
    const id = await saveNumberAs(testApp.app, person, MTN_NUMBER);
    const response = await editAs(person, id, { phone: '0771234567' });
    expect(response.statusCode).toBe(200);
    expect(response.json().method).toMatchObject({
      _id: id,
      correspondent: 'AIRTEL_OAPI_ZMB',
      name: 'Airtel',
      phone: '260771234567',
      logo: OPERATORS.AIRTEL_OAPI_ZMB.logo,
      preffered: true,
    });
    expect((await listAs(testApp.app, person)).mobileMoney).toEqual([response.json().method]);
  });

  it('says a phone number is required, and refuses a number another of your methods has', async () => {
    const person = await createPerson(testApp.app);
    const id = await saveNumberAs(testApp.app, person, MTN_NUMBER);
    await saveNumberAs(testApp.app, person, ZAMTEL_NUMBER);

    const empty = await editAs(person, id, { phone: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Phone number is required!');

    const taken = await editAs(person, id, { phone: ZAMTEL_NUMBER });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'PHONE_TAKEN' });

    const same = await editAs(person, id, { phone: MTN_NUMBER });
    expect(same.statusCode).toBe(200);
  });

  it("answers 404 for someone else's number and leaves it alone", async () => {
    const [owner, stranger] = [await createPerson(testApp.app), await createPerson(testApp.app)];
    const id = await saveNumberAs(testApp.app, owner, MTN_NUMBER);
    const response = await editAs(stranger, id, { phone: ZAMTEL_NUMBER });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: PAYMENT_METHOD_MESSAGES.methodNotFound,
    });
    expect((await listAs(testApp.app, owner)).mobileMoney[0]?.phone).toBe('260961234567');
  });
});
