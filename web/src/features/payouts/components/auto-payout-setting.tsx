import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { readFailureMessage } from '../../../lib/form-request';
import { formatKwacha } from '../../../lib/money';
import { checkTypedPhone, predictTypedOperator } from '../../../lib/phone-entry';
import { toast } from '../../../lib/toast';
import { useSecurityCheckThen } from '../../../lib/use-security-check-then';
import { TextField } from '../../../ui/form-fields';
import { OperatorBadge } from '../../../ui/operator-badge';
import { Switch } from '../../../ui/switch';
import { useAddMobileMoney } from '../../wallet/api/add-mobile-money';
import { usePaymentMethods } from '../../wallet/api/get-payment-methods';
import type { TEarningsResponse } from '../api/get-earnings';
import { useSetAutoPayout } from '../api/set-auto-payout';

/** What waits for the security check: turning it on, or saving this number and then turning it on. */
type WaitingAutoPayout = { isEnabled: boolean; phone?: string };

/**
 * The auto-payout switch, with what it does and what its last run did. Turning it on needs a
 * mobile money number to be paid to: without one, the number is asked for right here and
 * saved, and auto-payout turned on with it.
 */
export function AutoPayoutSetting({ earnings }: { earnings: TEarningsResponse }) {
  const setAutoPayout = useSetAutoPayout();
  const addMobileMoney = useAddMobileMoney();
  const paymentMethods = usePaymentMethods();
  const { enabled, lastRun } = earnings.autoPayout;
  const [isAskingNumber, setIsAskingNumber] = useState(false);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string>();
  const phoneRef = useRef<HTMLInputElement>(null);
  const askThenCarryOn = useSecurityCheckThen<WaitingAutoPayout>('auto-payout', (waiting) =>
    waiting.phone ? saveNumberThenTurnOn(waiting.phone) : sendSwitch(waiting.isEnabled),
  );
  const hasNoNumber = paymentMethods.data !== undefined && paymentMethods.data.mobileMoney.length === 0;

  function askForNumber() {
    setIsAskingNumber(true);
    // Focused once it is shown.
    setTimeout(() => phoneRef.current?.focus());
  }

  function turn(isEnabled: boolean) {
    if (isEnabled && hasNoNumber) return askForNumber();
    sendSwitch(isEnabled);
  }

  /** Asks the server, which refuses to turn it on without a number (409 NO_PAYOUT_NUMBER). */
  function sendSwitch(isEnabled: boolean) {
    setAutoPayout.mutate(isEnabled, {
      onSuccess: () => setIsAskingNumber(false),
      onError: (error) => {
        if (askThenCarryOn(error, { isEnabled })) return;
        if (error instanceof ApiError && error.code === 'NO_PAYOUT_NUMBER') {
          toast.message(error.message);
          return askForNumber();
        }
        toast.error(readFailureMessage(error));
      },
    });
  }

  function saveNumberThenTurnOn(typed: string) {
    addMobileMoney.mutate(
      { phone: typed, preffered: true },
      {
        // The list of numbers is read again meanwhile: the server knows the number already.
        onSuccess: () => sendSwitch(true),
        onError: (error) => {
          if (askThenCarryOn(error, { isEnabled: true, phone: typed })) return;
          setPhoneError(readFailureMessage(error));
          phoneRef.current?.focus();
        },
      },
    );
  }

  function handleSaveNumber(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = checkTypedPhone(phone);
    if (typed.error !== undefined) {
      setPhoneError(typed.error);
      return phoneRef.current?.focus();
    }
    saveNumberThenTurnOn(typed.msisdn);
  }

  const operator = predictTypedOperator(phone);
  const isSaving = addMobileMoney.isPending || setAutoPayout.isPending;
  return (
    <section className="payouts__section payouts__auto" aria-labelledby="auto-payout-title">
      <h2 id="auto-payout-title" className="payouts__section-title">
        Auto-payout
      </h2>
      <Switch
        label="Pay out automatically"
        isOn={enabled}
        onToggle={turn}
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
      {isAskingNumber && !enabled ? (
        <form
          className="payouts__auto-number"
          noValidate
          onSubmit={handleSaveNumber}
          aria-label="Number to be paid to"
        >
          <p>Auto-payout pays to your mobile money number. Save one to turn it on.</p>
          <TextField
            ref={phoneRef}
            label="Mobile money number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="0971234567"
            value={phone}
            onChange={(event) => {
              setPhone(event.target.value);
              setPhoneError(undefined);
            }}
            error={phoneError}
            hint={
              operator ? (
                <OperatorBadge operator={operator} size="small" />
              ) : (
                'An MTN, Airtel or Zamtel number, such as 0971234567 or +260971234567.'
              )
            }
          />
          <div className="payouts__auto-number-actions">
            <button
              type="submit"
              className="button button--primary"
              aria-disabled={isSaving || undefined}
              aria-busy={isSaving || undefined}
            >
              {isSaving ? 'Saving…' : 'Save and turn on'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setIsAskingNumber(false)}
            >
              Not now
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
