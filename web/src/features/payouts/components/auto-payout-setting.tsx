import { formatKwacha } from '../../../lib/money';
import { Switch } from '../../../ui/switch';
import type { TEarningsResponse } from '../api/get-earnings';
import { useSetAutoPayout } from '../api/set-auto-payout';

/** The auto-payout switch, with what it does and what its last run did. */
export function AutoPayoutSetting({ earnings }: { earnings: TEarningsResponse }) {
  const setAutoPayout = useSetAutoPayout();
  const { enabled, lastRun } = earnings.autoPayout;
  return (
    <section className="payouts__section payouts__auto" aria-labelledby="auto-payout-title">
      <h2 id="auto-payout-title" className="payouts__section-title">
        Auto-payout
      </h2>
      <Switch
        label="Pay out automatically"
        isOn={enabled}
        onToggle={(isOn) => setAutoPayout.mutate(isOn)}
        note={
          <>
            <p>
              Once a day, what is available goes to your preferred mobile money number, when it is at least{' '}
              {formatKwacha(earnings.minimumPayout)}.
            </p>
            {lastRun ? (
              <p className="payouts__last-run">
                Last run, {lastRun.day}: {lastRun.note}
              </p>
            ) : null}
          </>
        }
      />
    </section>
  );
}
