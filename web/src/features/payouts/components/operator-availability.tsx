import { OPERATORS } from '@stagepass/contract/mobile-money';
import { PAYOUT_AVAILABILITY_TEXTS } from '@stagepass/contract/payout-texts';
import { OperatorBadge } from '../../../ui/operator-badge';
import { usePayoutAvailability } from '../api/get-payout-availability';

/**
 * Each operator's state for payouts: one quiet line while all pay out normally, and a
 * notice naming those that are delayed or closed.
 */
export function OperatorAvailability() {
  const availability = usePayoutAvailability();
  if (!availability.data) return null;
  const troubled = availability.data.filter((operator) => operator.status !== 'OPERATIONAL');
  if (troubled.length === 0) {
    return (
      <p className="payouts__operators-ok">
        {formatNames(availability.data.map((operator) => OPERATORS[operator.correspondent].name))}:{' '}
        {PAYOUT_AVAILABILITY_TEXTS.OPERATIONAL.toLowerCase()}.
      </p>
    );
  }
  return (
    <section className="payouts__notice" aria-labelledby="operators-title">
      <h2 id="operators-title" className="payouts__notice-title">
        Operators
      </h2>
      <ul className="payouts__operators">
        {availability.data.map((operator) => (
          <li key={operator.correspondent} className="payouts__operator">
            <OperatorBadge operator={OPERATORS[operator.correspondent]} size="small" />
            <span>{PAYOUT_AVAILABILITY_TEXTS[operator.status]}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** ['MTN', 'Airtel', 'Zamtel'] → 'MTN, Airtel and Zamtel'. */
function formatNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
