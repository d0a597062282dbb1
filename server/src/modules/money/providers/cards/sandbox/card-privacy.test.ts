import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../../../app.ts';
import { paymentMethods } from '../../../../../db/schema/index.ts';
import { addCardAs, listAs, tokenizeCard } from '../../../../../test/factories/money.ts';
import { createPerson } from '../../../../../test/factories/people.ts';
import { setupTestApp } from '../../../../../test/test-app.ts';

// The most talkative log there is, so anything that could carry a card would show here.
const testApp = setupTestApp({ env: { LOG_LEVEL: 'trace' } });
const CARD_DIGITS = '4000056655665556';
const CARD_NUMBER = '4000 0566 5566 5556';
const CVC = '739';

/**
 * The app logs to stdout; this points its root logger at a string instead. Every request's
 * logger is a pino child that reads the destination through its prototype, so it writes
 * here too. pino keeps the destination under a symbol it does not export to us by name.
 */
function captureLog(app: App): () => string {
  const streamSymbol = Object.getOwnPropertySymbols(app.log).find(
    (symbol) => symbol.description === 'pino.stream',
  );
  if (!streamSymbol) throw new Error("pino's destination was not found: the log cannot be captured");
  let captured = '';
  (app.log as unknown as Record<symbol, unknown>)[streamSymbol] = {
    write: (line: string) => {
      captured += line;
    },
  };
  return () => captured;
}

/** Every row of every table of the public schema, as JSON text. */
async function dumpDatabase(app: App): Promise<string> {
  const tables = (await app.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as unknown as { rows: { tablename: string }[] };
  let dump = '';
  for (const { tablename } of tables.rows) {
    const result = (await app.db.execute(
      sql`select coalesce(string_agg(row_to_json(t)::text, ','), '') as dump from ${sql.identifier(tablename)} t`,
    )) as unknown as { rows: { dump: string }[] };
    dump += result.rows[0]?.dump ?? '';
  }
  return dump;
}

describe('a card on its way through the sandbox and the API', () => {
  let readLog: () => string;
  beforeAll(() => {
    readLog = captureLog(testApp.app);
  });

  it('reaches neither the log nor any table, whether it is accepted or refused', async () => {
    const { app } = testApp;
    const person = await createPerson(app, { role: 'fan' });
    const tokenized = await tokenizeCard(app, { cardNumber: CARD_NUMBER, expires: '08/31', cvc: CVC });
    expect(tokenized.statusCode).toBe(200);
    expect((await addCardAs(app, person, { token: tokenized.json().token })).statusCode).toBe(201);
    expect((await listAs(app, person)).cards).toMatchObject([{ last4: '5556', expires: '08/31' }]);

    // Refusals of every kind, including a schema failure on the number and a broken body.
    const refused = [
      { cardNumber: CARD_DIGITS.replace(/6$/, '7'), expires: '08/31', cvc: CVC },
      { cardNumber: CARD_NUMBER, expires: '08/11', cvc: CVC },
      { cardNumber: CARD_NUMBER, expires: '08/31', cvc: `${CVC}99` },
      { cardNumber: Number(CARD_DIGITS), expires: '08/31', cvc: CVC },
      { cardNumber: [CARD_DIGITS], expires: { cvc: CVC } },
    ];
    for (const form of refused) {
      const response = await tokenizeCard(app, form);
      expect(response.statusCode).toBe(400);
      expect(response.body).not.toContain(CARD_DIGITS.slice(0, 12));
      expect(response.body).not.toContain(CVC);
    }
    const broken = await app.inject({
      method: 'POST',
      url: '/sandbox/cards/tokens',
      headers: { 'content-type': 'application/json' },
      payload: `{"cardNumber": "${CARD_DIGITS}", "cvc": "${CVC}",`,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).not.toContain(CARD_DIGITS);

    const log = readLog();
    // The capture works: the requests were logged, only not their bodies.
    expect(log).toContain('/sandbox/cards/tokens');
    expect(log).toContain('/api/payment-methods/cards');
    for (const secret of [CARD_DIGITS, CARD_NUMBER, CARD_DIGITS.slice(0, 12), `"${CVC}"`, `:${CVC}`]) {
      expect(log).not.toContain(secret);
    }

    const dump = await dumpDatabase(app);
    expect(dump).toContain('"card_last4":"5556"');
    expect(dump).not.toContain(CARD_DIGITS.slice(0, 12));

    // Its row: the CVC neither as a value nor inside the token, which holds only what may be shown.
    const rows = await app.db
      .select({ row: sql<Record<string, unknown>>`row_to_json(${paymentMethods})` })
      .from(paymentMethods);
    expect(rows).toHaveLength(1);
    const stored = rows[0]!.row;
    expect(stored).toMatchObject({ card_last4: '5556', card_exp_month: 8, card_exp_year: 2031 });
    expect(Object.values(stored)).not.toContain(CVC);
    const tokenBody = String(stored.card_token).slice('tok_sandbox_'.length).split('.')[0]!;
    expect(Object.keys(JSON.parse(Buffer.from(tokenBody, 'base64url').toString()))).toEqual([
      'brand',
      'last4',
      'expMonth',
      'expYear',
      'fingerprint',
    ]);
  });
});
