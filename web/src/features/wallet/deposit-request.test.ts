import { ZDepositRequest } from '@stagepass/contract/wallet';
import { describe, expect, it } from 'vitest';
import { buildDepositRequest, createDepositId, createPreAuthorisationCode } from './deposit-request';

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the deposit request', () => {
  it('is the spec’s body, in pawaPay’s shape, and passes the contract', () => {
    const body = buildDepositRequest({
      depositId: createDepositId(),
      ngwee: 2000,
      msisdn: '260763456789',
      correspondent: 'MTN_MOMO_ZMB',
      now: new Date('2025-03-01T10:00:00.000Z'),
    });
    expect(body).toMatchObject({
      amount: '20',
      currency: 'ZMW',
      country: 'ZMB',
      correspondent: 'MTN_MOMO_ZMB',
      payer: { type: 'MSISDN', address: { value: '260763456789' } },
      customerTimestamp: '2025-03-01T10:00:00.000Z',
      statementDescription: 'Wallet topup',
    });
    expect(body.preAuthorisationCode).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(ZDepositRequest.safeParse(body).success).toBe(true);
  });

  it('makes a UUIDv4 even where randomUUID is missing (plain http)', () => {
    expect(createDepositId()).toMatch(uuidV4);
    const withoutRandomUuid = { getRandomValues: crypto.getRandomValues.bind(crypto) };
    const ids = new Set(Array.from({ length: 50 }, () => createDepositId(withoutRandomUuid)));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(uuidV4);
  });

  it('makes 16-character pre-authorisation codes of letters and digits', () => {
    // Bytes of 248 and above are skipped so that no character is favoured.
    let calls = 0;
    const skewed = {
      getRandomValues<T extends ArrayBufferView | null>(array: T): T {
        calls += 1;
        if (array instanceof Uint8Array) array.fill(calls === 1 ? 255 : 61);
        return array;
      },
    };
    expect(createPreAuthorisationCode(skewed)).toBe('9'.repeat(16));
    expect(calls).toBe(2);
  });
});
