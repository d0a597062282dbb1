import { randomUUID } from 'node:crypto';
import { CORRESPONDENTS } from '@stagepass/contract/mobile-money';
import { describe, expect, it } from 'vitest';
import type { PawapayPayoutRequest } from '../pawapay-api.ts';
import {
  decidePayoutOutcome,
  findClosedRejection,
  findPayoutRejection,
  toPayoutFinalReport,
} from './sandbox-payout-outcomes.ts';

const payout = (changes: Partial<PawapayPayoutRequest> = {}, msisdn = '260763456789') =>
  ({
    payoutId: randomUUID(),
    amount: '20',
    currency: 'ZMW',
    country: 'ZMB',
    correspondent: 'MTN_MOMO_ZMB',
    recipient: { type: 'MSISDN', address: { value: msisdn } },
    customerTimestamp: new Date().toISOString(),
    statementDescription: 'Stagepass payout',
    ...changes,
  }) satisfies PawapayPayoutRequest;

const rejectionCode = (request: PawapayPayoutRequest) =>
  findPayoutRejection(request, CORRESPONDENTS)?.rejectionCode;

describe("the sandbox decides a payout by the recipient number's last three digits", () => {
  it("as pawaPay's own sandbox does", () => {
    expect(decidePayoutOutcome('260763456789')).toEqual({ status: 'COMPLETED' });
    expect(decidePayoutOutcome('260763456089')).toMatchObject({
      status: 'FAILED',
      failureCode: 'RECIPIENT_NOT_FOUND',
    });
    expect(decidePayoutOutcome('260763456119')).toMatchObject({
      status: 'FAILED',
      failureCode: 'OTHER_ERROR',
    });
    expect(decidePayoutOutcome('260763456129')).toEqual({ status: 'SUBMITTED' });
  });

  it('completes any ending it does not list, deposits’ failing endings included', () => {
    for (const msisdn of ['260763456000', '260763456049', '260763456029', '260971234567']) {
      expect(decidePayoutOutcome(msisdn)).toEqual({ status: 'COMPLETED' });
    }
  });

  it('reports a completed payout with when the recipient received it and the operator’s id', () => {
    const finalAt = new Date('2025-03-01T10:00:00.000Z');
    expect(toPayoutFinalReport({ status: 'COMPLETED' }, finalAt)).toEqual({
      status: 'COMPLETED',
      receivedByRecipient: '2025-03-01T10:00:00.000Z',
      correspondentIds: { FINANCIAL_TRANSACTION_ID: `SBXP${finalAt.getTime()}` },
    });
    expect(toPayoutFinalReport(decidePayoutOutcome('260763456089'), finalAt)).toEqual({
      status: 'FAILED',
      failureReason: {
        failureCode: 'RECIPIENT_NOT_FOUND',
        failureMessage: 'The recipient number is not registered for mobile money.',
      },
    });
    expect(toPayoutFinalReport({ status: 'SUBMITTED' }, finalAt)).toBeNull();
  });
});

describe('the sandbox refuses a payout at once', () => {
  it('for an operator, currency, country or number that does not fit', () => {
    expect(rejectionCode(payout())).toBeUndefined();
    expect(rejectionCode(payout({ correspondent: 'MPESA_KEN' }))).toBe('INVALID_CORRESPONDENT');
    expect(rejectionCode(payout({ currency: 'USD' }))).toBe('INVALID_CURRENCY');
    expect(rejectionCode(payout({ country: 'KEN' }))).toBe('INVALID_CURRENCY');
    // An Airtel number sent as MTN, and a number too short.
    expect(rejectionCode(payout({}, '260971234789'))).toBe('INVALID_RECIPIENT_FORMAT');
    expect(rejectionCode(payout({}, '26076345678'))).toBe('INVALID_RECIPIENT_FORMAT');
  });

  it('for an amount outside K1–K20,000, both ends allowed', () => {
    expect(rejectionCode(payout({ amount: '0.99' }))).toBe('AMOUNT_TOO_SMALL');
    expect(rejectionCode(payout({ amount: '1' }))).toBeUndefined();
    expect(rejectionCode(payout({ amount: '20000' }))).toBeUndefined();
    expect(findPayoutRejection(payout({ amount: '20000.01' }), CORRESPONDENTS)).toEqual({
      rejectionCode: 'AMOUNT_TOO_LARGE',
      rejectionMessage: 'The largest payout is 20000 ZMW.',
    });
  });

  it('for an operator whose payouts are CLOSED, not one that is DELAYED', () => {
    expect(findClosedRejection('ZAMTEL_ZMB', 'CLOSED')?.rejectionCode).toBe(
      'CORRESPONDENT_TEMPORARILY_UNAVAILABLE',
    );
    expect(findClosedRejection('ZAMTEL_ZMB', 'DELAYED')).toBeNull();
    expect(findClosedRejection('ZAMTEL_ZMB', 'OPERATIONAL')).toBeNull();
  });
});
