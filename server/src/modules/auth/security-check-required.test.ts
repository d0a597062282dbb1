import { SETTINGS_MESSAGES } from '@stagepass/contract/account-settings';
import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { listAudiences } from '@stagepass/contract/routes';
import { describe, expect, it } from 'vitest';
import { listDeclaredRoutes, routeKeyOf } from '../../test/contract-routes.ts';
import { listAs, MTN_NUMBER, saveNumberAs } from '../../test/factories/money.ts';
import { createPerson, type TestPerson } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';

const testApp = setupTestApp();

// Every route the contract declares 'security-checked' (registerRoute's one guard enforces
// it): what moves money out, changes where money goes or comes from, or changes how the
// account is reached or ends needs sign-in's second step, the security question answered in
// this session. These tests walk the declarations, so a route declared later is tried too.
const declared = await listDeclaredRoutes();
const checkedRoutes = declared.filter(({ route }) =>
  listAudiences(route.audience).includes('security-checked'),
);

/**
 * Every route that moves money out of the platform or changes where it goes or comes from,
 * pinned: each must declare 'security-checked'. A new one is added here with its declaration.
 */
const MONEY_OUT_ROUTES = [
  'POST /api/payouts',
  'PUT /api/payouts/auto',
  'POST /api/payment-methods/mobile-money',
  'PATCH /api/payment-methods/mobile-money/:id',
  'POST /api/payment-methods/cards',
  'PUT /api/payment-methods/preferred',
  'DELETE /api/payment-methods/:id',
];

/** What else needs the check: how the account is reached, its password, its end. */
const ACCOUNT_ROUTES = [
  'POST /api/account/email',
  'POST /api/account/email/confirm',
  'POST /api/account/password',
  'DELETE /api/account',
];

/**
 * The other writes of the money areas, and why a signed-in session is enough for them. A
 * write added to one of these areas fails the test below until it is declared
 * 'security-checked' or named here.
 */
const MONEY_AREAS = [
  'payouts',
  'payment-methods',
  'wallet',
  'card-topups',
  'purchases',
  'passes',
  'tips',
  'unlocks',
  'support',
];
const MONEY_WRITES_WITHOUT_THE_CHECK: Record<string, string> = {
  'POST /api/payouts/:payoutId/cancel': 'gives an enqueued payout back to the earnings',
  'POST /api/wallet/card-topups': "money in, from the account's own saved card, to its own wallet",
  'POST /api/pawapay/deposits-api/deposit': 'money in: the payer approves it with their PIN',
  'POST /api/pawapay/deposits-api/deposit-status/:depositId': 'reads a top-up',
  'POST /api/pawapay/deposits-api/resend-deposit-callback/:id': 'asks pawaPay to repeat a callback',
  'POST /api/pawapay/callbacks/deposits': "pawaPay's callback, proven by signature or re-check",
  'POST /api/pawapay/callbacks/payouts': "pawaPay's callback, proven by signature or re-check",
  'POST /api/purchases': 'spends inside the platform; it leaves only through a payout',
  'PUT /api/users/pricing': "the creator's own prices",
  'PUT /api/passes/:creator/auto-renew': 'renews from the wallet inside the platform',
  'PUT /api/creator/supporters/:supportId/message':
    'hides or shows a message sent with support; moves no money',
  'POST /sandbox/cards/tokens': "the sandbox card processor's tokeniser, not our API",
  'POST /sandbox/cards/challenges/:chargeId': "the sandbox bank's 3-D Secure page",
};

function callAs(
  person: Pick<TestPerson, 'cookie'> | null,
  route: { method: string; path: string },
  id: string,
) {
  return testApp.app.inject({
    method: route.method as 'POST',
    url: route.path.replace(/:[A-Za-z]+/g, id),
    headers: person ? { cookie: person.cookie } : {},
  });
}

describe('routes declared security-checked', () => {
  it('include every route that moves money out or changes where it goes, and the account settings', () => {
    expect(checkedRoutes.map(({ route }) => routeKeyOf(route)).sort()).toEqual(
      [...MONEY_OUT_ROUTES, ...ACCOUNT_ROUTES].sort(),
    );
  });

  it('leave no write of the money areas undecided', () => {
    const undecided = declared
      .filter(({ area, route }) => MONEY_AREAS.includes(area) && route.method !== 'GET')
      .map(({ route }) => routeKeyOf(route))
      .filter((key) => !MONEY_OUT_ROUTES.includes(key) && !(key in MONEY_WRITES_WITHOUT_THE_CHECK));
    expect(undecided).toEqual([]);
  });

  it.each(checkedRoutes.map(({ route }) => route))('$method $path refuses a visitor', async (route) => {
    const response = await callAs(null, route, 'abcdefghijklmn');
    expect(response.statusCode).toBe(401);
  });

  it.each(checkedRoutes.map(({ route }) => route))(
    '$method $path refuses an account without a question',
    async (route) => {
      const person = await createPerson(testApp.app, { role: 'creator', isSecurityChecked: false });
      const response = await callAs(person, route, 'abcdefghijklmn');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        success: false,
        code: 'SECURITY_QUESTION_REQUIRED',
        message: AUTH_MESSAGES.securityQuestionRequired,
      });
    },
  );

  it.each(checkedRoutes.map(({ route }) => route))(
    '$method $path refuses a signed-in session that has not answered the question, and changes nothing',
    async (route) => {
      const person = await createPerson(testApp.app, { role: 'creator' });
      const methodId = await saveNumberAs(testApp.app, person, MTN_NUMBER);
      const before = await listAs(testApp.app, person);
      // The same account in a browser that skipped the check: the session cookie alone.
      const unchecked = { cookie: person.cookie.split('; ')[0]! };

      const response = await callAs(unchecked, route, methodId);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        success: false,
        code: 'SECURITY_CHECK_REQUIRED',
        message: SETTINGS_MESSAGES.securityCheckRequired,
      });
      expect(await listAs(testApp.app, person)).toEqual(before);
      const session = await testApp.app.inject({
        url: '/api/auth/session',
        headers: { cookie: person.cookie },
      });
      expect(session.statusCode).toBe(200);
    },
  );

  it('lets the list of payment methods be read without the check (the Topup panel reads it)', async () => {
    const person = await createPerson(testApp.app, { role: 'fan', isSecurityChecked: false });
    const response = await testApp.app.inject({
      url: '/api/payment-methods',
      headers: { cookie: person.cookie },
    });
    expect(response.statusCode).toBe(200);
  });
});
