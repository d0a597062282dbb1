import { SETTINGS_MESSAGES } from '@stagepass/contract/account-settings';
import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { describe, expect, it } from 'vitest';
import { listAs, MTN_NUMBER, saveNumberAs } from '../../test/factories/money.ts';
import { createPerson, type TestPerson } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';

const testApp = setupTestApp();

// Everything that changes how an account is reached, pays or ends: each needs sign-in's
// second step (a security question, answered in this session). A new route of the kind
// belongs in this list.
const routesNeedingTheCheck = [
  { method: 'POST', url: '/api/account/email', payload: { email: 'new@example.com', currentPassword: 'x' } },
  { method: 'POST', url: '/api/account/email/confirm', payload: { code: '123456' } },
  {
    method: 'POST',
    url: '/api/account/password',
    payload: { password: 'a b c d e f', password2: 'a b c d e f' },
  },
  { method: 'DELETE', url: '/api/account', payload: { confirmation: 'DELETE' } },
  { method: 'POST', url: '/api/payment-methods/mobile-money', payload: { phone: '0961234567' } },
  { method: 'PATCH', url: '/api/payment-methods/mobile-money/:id', payload: { phone: '0961234568' } },
  { method: 'POST', url: '/api/payment-methods/cards', payload: { token: 'a-card-token-of-the-processor' } },
  { method: 'PUT', url: '/api/payment-methods/preferred', payload: { type: 'mobile-money', _id: ':id' } },
  { method: 'DELETE', url: '/api/payment-methods/:id' },
] as const;

function callAs(
  person: Pick<TestPerson, 'cookie'>,
  route: (typeof routesNeedingTheCheck)[number],
  id: string,
) {
  const withId = (text: string) => text.replace(':id', id);
  const payload = 'payload' in route ? JSON.parse(withId(JSON.stringify(route.payload))) : undefined;
  return testApp.app.inject({
    method: route.method,
    url: withId(route.url),
    headers: { cookie: person.cookie },
    payload,
  });
}

describe('routes that need the security question answered in this session', () => {
  it.each(routesNeedingTheCheck)('$method $url refuses an account without a question', async (route) => {
    const person = await createPerson(testApp.app, { role: 'fan', isSecurityChecked: false });
    const response = await callAs(person, route, 'abcdefghijklmn');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      code: 'SECURITY_QUESTION_REQUIRED',
      message: AUTH_MESSAGES.securityQuestionRequired,
    });
  });

  it.each(routesNeedingTheCheck)(
    '$method $url refuses a session that has not answered the question, and changes nothing',
    async (route) => {
      const person = await createPerson(testApp.app, { role: 'fan' });
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
