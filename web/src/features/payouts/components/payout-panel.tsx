import { OPERATORS, type TCorrespondent } from '@stagepass/contract/mobile-money';
import { PAYOUT_AVAILABILITY_TEXTS } from '@stagepass/contract/payout-texts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ApiError } from '../../../lib/api-client';
import { readFailureMessage } from '../../../lib/form-request';
import { formatKwacha, parseKwachaToNgwee } from '../../../lib/money';
import { checkTypedPhone } from '../../../lib/phone-entry';
import { toast } from '../../../lib/toast';
import { peekWaitingForSecurityCheck, useSecurityCheckThen } from '../../../lib/use-security-check-then';
import { TextField } from '../../../ui/form-fields';
import { useAddMobileMoney } from '../../wallet/api/add-mobile-money';
import { usePaymentMethods } from '../../wallet/api/get-payment-methods';
import { type TEarningsResponse, useEarnings } from '../api/get-earnings';
import { usePayoutAvailability } from '../api/get-payout-availability';
import type { TPayout } from '../api/list-payouts';
import { useRequestPayout } from '../api/request-payout';
import { checkPayoutAmount, toAmountField } from '../payout-amount';
import { chooseAttempt, isAnswerLost, type PayoutAttempt, toRequestKey } from '../payout-attempt';
import { PayoutProgressActions, PayoutProgressMessages } from './payout-progress';
import { NEW_RECIPIENT, type RecipientChoice, RecipientPicker, sortRecipients } from './recipient-picker';

type FieldErrors = { amount?: string; phone?: string };
/** The form as it was when the server asked for the security check, to send once it is answered. */
type WaitingPayout = {
  amount: string | null;
  choice: RecipientChoice | null;
  phone: string;
  shouldSaveNumber: boolean;
  attempt: PayoutAttempt;
};
const WAITING_PAYOUT = 'payout';
type Recipient = { phone: string; correspondent: TCorrespondent };

/** Idle (or refused, with the reason), sending, the answer lost, or a payout being watched. */
type Phase =
  | { name: 'idle'; failure?: string }
  | { name: 'sending' }
  | { name: 'lost' }
  | { name: 'sent'; payout: TPayout };

const LOST_MESSAGE =
  'We did not hear back about this payout. Try again: it is sent as the same payout, so it is never paid twice.';

/**
 * The Payout form: the amount (all that is available, to begin with) and the number it goes
 * to, checked as the server will; then the payout's status, live until it is final.
 */
export function PayoutPanel({ closeModal }: { closeModal: () => void }) {
  const earnings = useEarnings();
  if (earnings.isPending) return <p className="modal__loading">Loading…</p>;
  if (earnings.isError) {
    return (
      <p className="form__notice form__notice--error" role="alert">
        Your earnings could not be loaded. Try again later.
      </p>
    );
  }
  return <PayoutForm earnings={earnings.data} closeModal={closeModal} />;
}

function PayoutForm({ earnings, closeModal }: { earnings: TEarningsResponse; closeModal: () => void }) {
  const paymentMethods = usePaymentMethods();
  const availability = usePayoutAvailability();
  const requestPayout = useRequestPayout();
  const addMobileMoney = useAddMobileMoney();
  // Back from the security check the server asked for: the form as it was.
  const [waiting] = useState(() => peekWaitingForSecurityCheck<WaitingPayout>(WAITING_PAYOUT));
  // null until the creator types: the field then shows all that is available now.
  const [amount, setAmount] = useState<string | null>(waiting?.amount ?? null);
  const [choice, setChoice] = useState<RecipientChoice | null>(waiting?.choice ?? null);
  const [phone, setPhone] = useState(waiting?.phone ?? '');
  const [shouldSaveNumber, setShouldSaveNumber] = useState(waiting?.shouldSaveNumber ?? false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const attempt = useRef<PayoutAttempt | null>(waiting?.attempt ?? null);
  // Answered: the payout goes as if Pay out had been pressed again, under the same payoutId.
  const askThenCarryOn = useSecurityCheckThen<WaitingPayout>(WAITING_PAYOUT, () => send());
  const amountRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  // On a phone the outcome may be below the fold: each new phase brings it into view.
  useEffect(() => {
    if (phase.name !== 'idle') actionsRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [phase.name]);

  const methods = sortRecipients(paymentMethods.data?.mobileMoney ?? []);
  const chosen = choice ?? methods[0]?._id ?? NEW_RECIPIENT;
  const amountText = amount ?? toAmountField(earnings.available);
  const limits = { available: earnings.available, minimum: earnings.minimumPayout };
  const amountCheck = checkPayoutAmount(amountText, limits);
  // The button says the amount typed, also one the check will refuse (its error says why).
  const typedNgwee = parseKwachaToNgwee(amountText);
  const recipient = readRecipient();
  const operatorState =
    recipient && 'correspondent' in recipient
      ? availability.data?.find((operator) => operator.correspondent === recipient.correspondent)
      : undefined;

  const isTypedNumber = chosen === NEW_RECIPIENT;

  /** The typed number, saved as a mobile money method once its payout is on its way (the first saved is the preferred). */
  function saveTypedNumber(typed: Recipient) {
    addMobileMoney.mutate(
      { phone: typed.phone, preffered: methods.length === 0 },
      {
        onSuccess: (answer) => toast.success(answer.message ?? 'The number has been saved.'),
        onError: (error) => toast.error(`The number was not saved: ${readFailureMessage(error)}`),
      },
    );
  }

  function readRecipient(): Recipient | { error: string } {
    const saved = methods.find((method) => method._id === chosen);
    if (saved && chosen !== NEW_RECIPIENT) return { phone: saved.phone, correspondent: saved.correspondent };
    const typed = checkTypedPhone(phone);
    return typed.error === undefined
      ? { phone: typed.msisdn, correspondent: typed.operator.correspondent }
      : { error: typed.error };
  }

  function send() {
    const nextErrors: FieldErrors = {
      amount: amountCheck.error,
      phone: 'error' in recipient ? recipient.error : undefined,
    };
    setErrors(nextErrors);
    if (amountCheck.error !== undefined || 'error' in recipient) {
      (nextErrors.amount ? amountRef : phoneRef).current?.focus();
      return;
    }
    const current = chooseAttempt(
      attempt.current,
      toRequestKey({ amount: amountCheck.ngwee, phone: recipient.phone }),
      () => crypto.randomUUID(),
    );
    attempt.current = current;
    setPhase({ name: 'sending' });
    requestPayout.mutate(
      { payoutId: current.payoutId, amount: amountCheck.ngwee, ...recipient },
      {
        onSuccess: ({ payout }) => {
          attempt.current = { ...current, isAnswered: true };
          setPhase({ name: 'sent', payout });
          if (isTypedNumber && shouldSaveNumber) saveTypedNumber(recipient);
        },
        onError: (error) => {
          const apiError = error as ApiError;
          if (isAnswerLost(apiError)) return setPhase({ name: 'lost' });
          // The security question first: nothing was saved, so the same payoutId goes again once answered.
          const saved = { amount, choice, phone, shouldSaveNumber, attempt: current };
          if (askThenCarryOn(error, saved)) {
            return setPhase({
              name: 'idle',
              failure: 'Answer your security question, and the payout goes on.',
            });
          }
          // Refused: nothing was reserved, and the same id would be refused again.
          attempt.current = { ...current, isAnswered: true };
          if (apiError.field === 'amount' || apiError.code === 'NOT_ENOUGH_EARNINGS') {
            setErrors({ amount: apiError.message });
            setPhase({ name: 'idle' });
            return amountRef.current?.focus();
          }
          if (apiError.field === 'phone' || apiError.field === 'correspondent') {
            setErrors({ phone: apiError.message });
            setPhase({ name: 'idle' });
            return phoneRef.current?.focus();
          }
          setPhase({ name: 'idle', failure: apiError.message });
        },
      },
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase.name === 'idle' || phase.name === 'lost') send();
  }

  const isLocked = phase.name !== 'idle';
  const failure = phase.name === 'lost' ? LOST_MESSAGE : phase.name === 'idle' ? phase.failure : undefined;
  return (
    <form className="payout-form" noValidate onSubmit={handleSubmit} aria-label="Pay out your earnings">
      <p className="payout-form__balance">
        <span>Available now</span> <strong>{formatKwacha(earnings.available)}</strong>
      </p>
      <fieldset className="payout-form__fields" disabled={isLocked}>
        <TextField
          ref={amountRef}
          label="Amount in kwacha"
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          onChange={(event) => {
            setAmount(event.target.value);
            setErrors((current) => ({ ...current, amount: undefined }));
          }}
          error={errors.amount}
          hint={`Up to ${formatKwacha(earnings.available)} now. The smallest payout is ${formatKwacha(earnings.minimumPayout)}.`}
        />
        {paymentMethods.isPending ? (
          <p className="payout-form__note">Loading your numbers…</p>
        ) : (
          <RecipientPicker
            methods={methods}
            choice={chosen}
            onChoiceChange={(next) => {
              setChoice(next);
              setErrors((current) => ({ ...current, phone: undefined }));
            }}
            phone={phone}
            onPhoneChange={(value) => {
              setPhone(value);
              setErrors((current) => ({ ...current, phone: undefined }));
            }}
            error={errors.phone}
            inputRef={phoneRef}
          />
        )}
        {isTypedNumber && !paymentMethods.isPending ? (
          <label className="checkbox-field">
            <input
              type="checkbox"
              checked={shouldSaveNumber}
              onChange={(event) => setShouldSaveNumber(event.target.checked)}
            />
            <span>
              Save this number for payouts
              {methods.length === 0 ? ' (auto-payout pays to it)' : ''}
            </span>
          </label>
        ) : null}
        {operatorState && operatorState.status !== 'OPERATIONAL' ? (
          <p className="form__notice form__notice--error">
            {OPERATORS[operatorState.correspondent].name}: {PAYOUT_AVAILABILITY_TEXTS[operatorState.status]}
          </p>
        ) : null}
      </fieldset>
      <div className="payout-form__actions" ref={actionsRef}>
        <div role="status" className="payout-form__status">
          {phase.name === 'sent' ? <PayoutProgressMessages payout={phase.payout} /> : null}
          {phase.name === 'sending' ? (
            <div className="payout-form__outcome payout-form__outcome--info">
              <p>Sending your payout…</p>
            </div>
          ) : null}
          {failure ? (
            <div className="payout-form__outcome payout-form__outcome--error">
              <p>{failure}</p>
            </div>
          ) : null}
        </div>
        {phase.name === 'sent' ? (
          <PayoutProgressActions
            payout={phase.payout}
            onClose={closeModal}
            onTryAgain={() => setPhase({ name: 'idle' })}
          />
        ) : (
          <button
            type="submit"
            className="button button--primary form__submit"
            // aria-disabled rather than disabled: the button keeps the focus while it sends.
            aria-disabled={phase.name === 'sending' || undefined}
            aria-busy={phase.name === 'sending' || undefined}
          >
            {phase.name === 'sending'
              ? 'Sending…'
              : phase.name === 'lost'
                ? 'Try again'
                : typedNgwee !== null && typedNgwee > 0
                  ? `Pay out ${formatKwacha(typedNgwee)}`
                  : 'Pay out'}
          </button>
        )}
      </div>
    </form>
  );
}
