import { useModal } from '../../../lib/modals/use-modal';
import { formatKwacha } from '../../../lib/money';
import type { TEarningsResponse } from '../api/get-earnings';

/**
 * What a creator checks first: what they can pay out now, big, and the Payout button; then
 * what is on its way, held and paid out, and the minimum.
 */
export function EarningsSummary({ earnings }: { earnings: TEarningsResponse | undefined }) {
  const { openModal } = useModal();
  const show = (ngwee: number | undefined) => (ngwee === undefined ? '…' : formatKwacha(ngwee));
  const isUnderMinimum = earnings !== undefined && earnings.available < earnings.minimumPayout;
  return (
    <section className="earnings" aria-labelledby="earnings-title">
      <h2 id="earnings-title" className="visually-hidden">
        Your earnings
      </h2>
      <div className="earnings__main">
        <p className="earnings__available">
          <span className="earnings__label">Available</span>
          <span className="earnings__amount" data-testid="payouts-available">
            {show(earnings?.available)}
          </span>
        </p>
        <button
          type="button"
          className="button button--primary earnings__payout"
          onClick={() => openModal('payout')}
        >
          Payout
        </button>
      </div>
      <dl className="earnings__others">
        <div className="earnings__other">
          <dt>On its way</dt>
          <dd data-testid="payouts-on-its-way">{show(earnings?.onItsWay)}</dd>
        </div>
        {earnings && earnings.held > 0 ? (
          <div className="earnings__other">
            <dt>Held</dt>
            <dd data-testid="payouts-held">{show(earnings.held)}</dd>
          </div>
        ) : null}
        <div className="earnings__other">
          <dt>Paid out</dt>
          <dd data-testid="payouts-paid-out">{show(earnings?.paidOut)}</dd>
        </div>
      </dl>
      <p className="earnings__note">
        {earnings === undefined
          ? ' '
          : isUnderMinimum
            ? `You can pay out from ${formatKwacha(earnings.minimumPayout)}, the smallest payout.`
            : `The smallest payout is ${formatKwacha(earnings.minimumPayout)}.`}
        {earnings && earnings.held > 0
          ? ' Held: earned by card in the last hours, available once the card payment can no longer be disputed.'
          : ''}
      </p>
    </section>
  );
}
