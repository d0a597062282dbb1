import { AUTH_MESSAGES, SECURITY_QUESTIONS } from '@stagepass/contract/auth';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { findCookie, readCookies, signIn, signUpAccount } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';

const testApp = setupTestApp();
const question = SECURITY_QUESTIONS[2];
const post = (url: string, cookie: string, payload: object) =>
  testApp.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const session = (cookie: string) => testApp.app.inject({ url: '/api/auth/session', headers: { cookie } });

async function accountWithQuestion() {
  const account = await signUpAccount(testApp.app);
  const saved = await post('/api/auth/security-question', account.cookie, {
    question,
    answer: '  Simba the Cat ',
  });
  expect(saved.statusCode).toBe(200);
  return account;
}

describe('setting the security question', () => {
  it('saves a question from the list with a hashed answer, and counts as checked for this session', async () => {
    const account = await signUpAccount(testApp.app);
    const response = await post('/api/auth/security-question', account.cookie, {
      question,
      answer: 'Simba the Cat',
    });
    expect(response.statusCode).toBe(200);
    const cookie = `${account.cookie}; security_check=${findCookie(response, 'security_check')?.value}`;
    expect((await session(cookie)).json()).toMatchObject({
      security_question: { question },
      isSecurityQuestionVerified: true,
    });
    const [row] = await testApp.app.db.select().from(users).where(eq(users.email, account.email));
    expect(row?.securityAnswerHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain('Simba');
  });

  it("needs an answer ('Answer is required!') and a question from the list", async () => {
    const account = await signUpAccount(testApp.app);
    const empty = await post('/api/auth/security-question', account.cookie, { question, answer: '   ' });
    expect(empty.json()).toMatchObject({ field: 'answer', message: AUTH_MESSAGES.answerRequired });
    const madeUp = await post('/api/auth/security-question', account.cookie, {
      question: 'Favourite colour?',
      answer: 'blue',
    });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json()).toMatchObject({ field: 'question', message: 'Choose a question from the list.' });
  });

  it('needs a signed-in account', async () => {
    const response = await post('/api/auth/security-question', '', { question, answer: 'x' });
    expect(response.statusCode).toBe(401);
  });
});

describe('answering the security question', () => {
  it('is required again in a new session, and a wrong answer shows the server message', async () => {
    const account = await accountWithQuestion();
    const fresh = readCookies(await signIn(testApp.app, account.email, account.password));
    expect((await session(fresh)).json().isSecurityQuestionVerified).toBe(false);
    const wrong = await post('/api/auth/security-question/verify', fresh, { answer: 'Nala' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      success: false,
      code: 'WRONG_ANSWER',
      message: AUTH_MESSAGES.wrongAnswer,
    });
    expect(findCookie(wrong, 'security_check')).toBeUndefined();
  });

  it('accepts the answer ignoring case and spaces, with a 2-day cookie bound to the session', async () => {
    const account = await accountWithQuestion();
    const fresh = readCookies(await signIn(testApp.app, account.email, account.password));
    const right = await post('/api/auth/security-question/verify', fresh, { answer: 'simba   THE cat' });
    expect(right.statusCode).toBe(200);
    const check = findCookie(right, 'security_check');
    expect(check).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 2 * 86_400 });
    expect(
      (await session(`${fresh}; security_check=${check?.value}`)).json().isSecurityQuestionVerified,
    ).toBe(true);

    // The same proof is worthless with another session of the same account.
    const other = readCookies(await signIn(testApp.app, account.email, account.password));
    expect(
      (await session(`${other}; security_check=${check?.value}`)).json().isSecurityQuestionVerified,
    ).toBe(false);
  });

  it("says 'Your answer is required!' for an empty answer", async () => {
    const account = await accountWithQuestion();
    const response = await post('/api/auth/security-question/verify', account.cookie, { answer: '' });
    expect(response.json()).toMatchObject({ field: 'answer', message: AUTH_MESSAGES.verifyAnswerRequired });
  });

  it('limits tries per session', async () => {
    const account = await accountWithQuestion();
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push(
        (await post('/api/auth/security-question/verify', account.cookie, { answer: `guess ${attempt}` }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
