import { formatZambianPhone, OPERATORS } from '@stagepass/contract/mobile-money';
import { formatKwacha } from '../../../lib/money';
import { useLivePayout } from '../api/get-payout';
import type { TPayout } from '../api/list-payouts';
import { describePayoutStatus } from '../payout-status';

/** What a payout just sent says, live until final (the same query, so one poll for both parts). */
function usePayoutProgress(sent: TPayout) {
  const payout = useLivePayout(sent);
  const view = describePayoutStatus(payout);
  const isFailed = view.isFinal && view.tone === 'danger';
  const where = `${OPERATORS[payout.correspondent].name} ${formatZambianPhone(payout.phone)}`;
  const messages = [
    view.label,
    payout.status === 'COMPLETED'
      ? `${formatKwacha(payout.amount)} was sent to ${where}.`
      : isFailed
        ? view.reason
        : `${formatKwacha(payout.amount)} to ${where}.`,
    isFailed ? `The ${formatKwacha(payout.amount)} is available to pay out again.` : null,
    view.canCancel ? 'You can cancel it from the list of payouts while it waits.' : null,
    view.isFinal ? null : 'You can close this: the payouts page shows when it arrives.',
  ].filter((message): message is string => Boolean(message));
  const tone = payout.status === 'COMPLETED' ? 'success' : isFailed ? 'error' : 'info';
  return { payout, messages, tone, isFailed };
}

/** Inside the form's status region (there from the start, so a screen reader reads each change). */
export function PayoutProgressMessages({ payout: sent }: { payout: TPayout }) {
  const { payout, messages, tone } = usePayoutProgress(sent);
  return (
    <div className={`payout-form__outcome payout-form__outcome--${tone}`} data-status={payout.status}>
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

type PayoutProgressActionsProps = { payout: TPayout; onClose: () => void; onTryAgain: () => void };

/** Close (closing early is fine: the payouts page keeps watching), or Try again after a failure. */
export function PayoutProgressActions({ payout: sent, onClose, onTryAgain }: PayoutProgressActionsProps) {
  const { isFailed } = usePayoutProgress(sent);
  return isFailed ? (
    <button type="button" className="button button--primary form__submit" onClick={onTryAgain}>
      Try again
    </button>
  ) : (
    <button type="button" className="button button--secondary form__submit" onClick={onClose}>
      Close
    </button>
  );
}
