import {
  describePayoutFailure,
  isFinalPayoutStatus,
  PAYOUT_STATUS_TEXTS,
  type TPayoutStatus,
} from '@stagepass/contract/payout-texts';

export type PayoutTone = 'success' | 'danger' | 'muted' | 'info';

export type PayoutStatusView = {
  /** PAYOUT_STATUS_TEXTS: 'Paid', 'On its way', 'Failed'… */
  label: string;
  tone: PayoutTone;
  /** Why it failed, in words the creator can act on; null unless it failed or was refused. */
  reason: string | null;
  isFinal: boolean;
  /** Only a payout waiting ENQUEUED for its operator can be cancelled. */
  canCancel: boolean;
};

/** How a payout's status reads on the payouts page, for every status and failure code. */
export function describePayoutStatus(payout: {
  status: TPayoutStatus;
  failureCode: string | null;
  failureReason?: string | null;
}): PayoutStatusView {
  const isFailed = payout.status === 'FAILED' || payout.status === 'REJECTED';
  return {
    label: PAYOUT_STATUS_TEXTS[payout.status],
    tone:
      payout.status === 'COMPLETED'
        ? 'success'
        : isFailed
          ? 'danger'
          : payout.status === 'ENQUEUED'
            ? 'muted'
            : 'info',
    // Our own words for the code first; the server's words for a code we do not know.
    reason: isFailed
      ? payout.failureCode
        ? describePayoutFailure(payout.failureCode)
        : (payout.failureReason ?? describePayoutFailure(null))
      : null,
    isFinal: isFinalPayoutStatus(payout.status),
    canCancel: payout.status === 'ENQUEUED',
  };
}
