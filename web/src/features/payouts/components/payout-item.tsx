import { formatZambianPhone, OPERATORS } from '@stagepass/contract/mobile-money';
import { isFinalPayoutStatus } from '@stagepass/contract/payout-texts';
import { formatKwacha } from '../../../lib/money';
import { useCancelPayout } from '../api/cancel-payout';
import { useLivePayout } from '../api/get-payout';
import type { TPayout } from '../api/list-payouts';
import { describePayoutStatus } from '../payout-status';

const BADGE_CLASSES = {
  success: 'badge badge--success',
  danger: 'badge badge--danger',
  muted: 'badge badge--muted',
  info: 'badge',
} as const;

/** One payout of the history; one not final yet is watched live until it is. */
export function PayoutItem({ payout }: { payout: TPayout }) {
  return isFinalPayoutStatus(payout.status) ? (
    <PayoutRow payout={payout} />
  ) : (
    <LivePayoutItem payout={payout} />
  );
}

function LivePayoutItem({ payout }: { payout: TPayout }) {
  return <PayoutRow payout={useLivePayout(payout)} />;
}

function PayoutRow({ payout }: { payout: TPayout }) {
  const view = describePayoutStatus(payout);
  const cancel = useCancelPayout();
  const operator = OPERATORS[payout.correspondent];
  return (
    <li className="payout">
      <div className="payout__main">
        <p className="payout__amount">{formatKwacha(payout.amount)}</p>
        <p className="payout__meta">
          To {operator.name} {formatZambianPhone(payout.phone)} · {formatWhen(payout.createdAt)}
          {payout.automatic ? ' · Automatic' : ''}
        </p>
      </div>
      {/* Its changes are read out as they come (polite: they do not interrupt). */}
      <div className="payout__state" aria-live="polite">
        <span className={BADGE_CLASSES[view.tone]}>{view.label}</span>
      </div>
      {view.reason ? (
        <p className="payout__reason">
          {view.reason} The {formatKwacha(payout.amount)} is available again.
        </p>
      ) : null}
      {view.canCancel ? (
        <div className="payout__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            aria-disabled={cancel.isPending || undefined}
            onClick={() => {
              if (!cancel.isPending) cancel.mutate(payout.payoutId);
            }}
          >
            Cancel payout
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** '2026-11-26T14:05:00Z' → '26 Nov, 14:05' in the reader's time zone. */
function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}
