import { SETTINGS_MESSAGES } from '@stagepass/contract/account-settings';
import { SECURITY_QUESTIONS } from '@stagepass/contract/auth';
import { describe, expect, it } from 'vitest';
import { findCookie, readCookies, signIn, signUpAccount } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { addSecurityCheck, findUser } from './test-helpers.ts';

const testApp = setupTestApp();
const setQuestion = (cookie: string, answer: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/security-question',
    headers: { cookie },
    payload: { question: SECURITY_QUESTIONS[3], answer },
  });

// Settings changes the question through POST /api/auth/security-question.
describe('changing the security question', () => {
  it('needs the current question answered in this session first', async () => {
    const account = await signUpAccount(testApp.app);
    await addSecurityCheck(testApp.app, account.cookie);
    const before = (await findUser(testApp.app, account))?.securityAnswerHash;

    // A session that has not answered it (a borrowed one, say) cannot replace it.
    const fresh = readCookies(await signIn(testApp.app, account.email, account.password));
    const refused = await setQuestion(fresh, 'Chipolopolo');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      code: 'SECURITY_CHECK_REQUIRED',
      message: SETTINGS_MESSAGES.securityCheckRequired,
    });
    expect((await findUser(testApp.app, account))?.securityAnswerHash).toBe(before);

    const verified = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/security-question/verify',
      headers: { cookie: fresh },
      payload: { answer: 'kabulonga primary' },
    });
    expect(verified.statusCode).toBe(200);
    const checked = `${fresh}; security_check=${findCookie(verified, 'security_check')?.value}`;
    expect((await setQuestion(checked, 'Chipolopolo')).statusCode).toBe(200);
    expect((await findUser(testApp.app, account))?.securityQuestion).toBe(SECURITY_QUESTIONS[3]);
  });
});
