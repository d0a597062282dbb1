import { PAYOUT_FAILURE_TEXTS, PAYOUT_STATUS_TEXTS, PAYOUT_STATUSES } from '@stagepass/contract/payout-texts';
import { describe, expect, it } from 'vitest';
import { describePayoutStatus } from './payout-status';

describe('describePayoutStatus', () => {
  it('has words for every status, and only a final one stops the watch', () => {
    for (const status of PAYOUT_STATUSES) {
      const view = describePayoutStatus({ status, failureCode: null });
      expect(view.label).toBe(PAYOUT_STATUS_TEXTS[status]);
      expect(view.isFinal).toBe(['COMPLETED', 'FAILED', 'REJECTED'].includes(status));
      expect(view.canCancel).toBe(status === 'ENQUEUED');
    }
  });

  it('says why a payout failed for every failure code, and something for one it does not know', () => {
    for (const [code, text] of Object.entries(PAYOUT_FAILURE_TEXTS)) {
      expect(describePayoutStatus({ status: 'FAILED', failureCode: code }).reason).toBe(text);
      expect(describePayoutStatus({ status: 'REJECTED', failureCode: code }).reason).toBe(text);
    }
    expect(describePayoutStatus({ status: 'FAILED', failureCode: 'SOMETHING_NEW' }).reason).toMatch(
      /did not go through/,
    );
    expect(describePayoutStatus({ status: 'COMPLETED', failureCode: null })).toMatchObject({
      label: 'Paid',
      tone: 'success',
      reason: null,
    });
  });
});
