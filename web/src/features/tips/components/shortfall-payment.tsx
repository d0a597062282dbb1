import { formatZambianPhone, OPERATORS } from '@stagepass/contract/mobile-money';
import type { TPurchase, TPurchaseRequest } from '@stagepass/contract/purchases';
import { WALLET_MESSAGES } from '@stagepass/contract/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { readFailureMessage } from '../../../lib/form-request';
import { formatKwacha } from '../../../lib/money';
import { checkTypedPhone } from '../../../lib/phone-entry';
import { SelectField, TextField } from '../../../ui/form-fields';
import { usePaymentMethods } from '../../wallet/api/get-payment-methods';
import { refreshAfterPurchase, usePurchaseWatch, useSendPurchase } from '../api/send-purchase';

const NEW_NUMBER = 'new';
/** pawaPay's smallest deposit, K1: a smaller shortfall is topped up by K1, the rest stays. */
const MIN_TOPUP_NGWEE = 100;

type ShortfallPaymentProps = {
  /** The purchase as it would be paid from the wallet; funding is set here. */
  request: TPurchaseRequest;
  /** The price and the wallet's balance now, in ngwee. */
  amount: number;
  balance: number;
  onCompleted: (purchase: TPurchase) => void;
  /** A failed purchase cannot be paid again under its id: the caller makes a new one. */
  onTryAgain: () => void;
};

/**
 * The Topup panel's flow inline, for a purchase the wallet cannot pay: the shortfall by
 * mobile money, in the panel's words (Proccessing.., Waiting for Transaction.., the prompt,
 * then Transaction was successful or Transaction failed!). The purchase completes on the
 * server in the same transaction that credits the top-up; this only watches it.
 */
export function ShortfallPayment({
  request,
  amount,
  balance,
  onCompleted,
  onTryAgain,
}: ShortfallPaymentProps) {
  const queryClient = useQueryClient();
  const paymentMethods = usePaymentMethods();
  const sendPurchase = useSendPurchase();
  const [awaitedId, setAwaitedId] = useState<string | null>(null);
  const watched = usePurchaseWatch(awaitedId);
  const [choice, setChoice] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const completedRef = useRef(false);

  const saved = paymentMethods.data?.mobileMoney ?? [];
  const chosen = choice ?? (saved.find((method) => method.preffered) ?? saved[0])?._id ?? NEW_NUMBER;
  const topup = Math.max(amount - balance, MIN_TOPUP_NGWEE);
  const purchase = watched.data ?? sendPurchase.data?.purchase;
  const status = submitError ? 'failed' : purchase?.status;
  const isBusy = sendPurchase.isPending || status === 'awaiting-payment';

  useEffect(() => {
    if (purchase?.status === 'completed' && !completedRef.current) {
      completedRef.current = true;
      // Completed with the top-up: the post's tips[], the balance and the statement changed.
      refreshAfterPurchase(queryClient);
      onCompleted(purchase);
    }
  }, [purchase, onCompleted]);

  function readPayer() {
    const method = saved.find((candidate) => candidate._id === chosen);
    if (method) return { msisdn: method.phone, correspondent: method.correspondent };
    const typed = checkTypedPhone(phone);
    if (typed.error !== undefined) return { error: typed.error };
    return { msisdn: typed.msisdn, correspondent: typed.operator.correspondent };
  }

  function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    if (status === 'failed') {
      setSubmitError(null);
      sendPurchase.reset();
      setAwaitedId(null);
      onTryAgain();
      return;
    }
    const payer = readPayer();
    if ('error' in payer) {
      setPhoneError(payer.error);
      phoneRef.current?.focus();
      return;
    }
    sendPurchase.mutate(
      {
        ...request,
        funding: { method: 'mobile-money', phone: payer.msisdn, correspondent: payer.correspondent },
      },
      {
        onSuccess: (answer) => {
          if (answer.purchase.status === 'awaiting-payment') setAwaitedId(answer.purchase.purchaseId);
        },
        onError: (error) => setSubmitError(readFailureMessage(error)),
      },
    );
  }

  const messages = sendPurchase.isPending
    ? [WALLET_MESSAGES.processing]
    : status === 'awaiting-payment'
      ? [WALLET_MESSAGES.waiting, WALLET_MESSAGES.promptSent]
      : status === 'completed'
        ? [WALLET_MESSAGES.completed]
        : status === 'failed'
          ? [WALLET_MESSAGES.failed, submitError ?? purchase?.failureReason ?? WALLET_MESSAGES.errorOccured]
          : [];
  const tone = status === 'completed' ? 'success' : status === 'failed' ? 'error' : isBusy ? 'info' : 'none';

  return (
    <form className="shortfall" noValidate onSubmit={pay} aria-label="Top up and pay">
      <p className="shortfall__balance">
        <span>Wallet balance</span> <strong>{formatKwacha(balance)}</strong>
      </p>
      <p className="shortfall__note">
        Your balance is short. Top up <strong>{formatKwacha(topup)}</strong> by mobile money and it is paid as
        soon as the top-up arrives.
      </p>
      <fieldset className="shortfall__fields" disabled={isBusy || status === 'completed'}>
        {saved.length > 0 ? (
          <SelectField
            label="Pay with"
            value={chosen}
            onChange={(event) => {
              setChoice(event.target.value);
              setPhoneError(undefined);
            }}
          >
            {saved.map((method) => (
              <option key={method._id} value={method._id}>
                {OPERATORS[method.correspondent].name} {formatZambianPhone(method.phone)}
              </option>
            ))}
            <option value={NEW_NUMBER}>Another number</option>
          </SelectField>
        ) : null}
        {chosen === NEW_NUMBER ? (
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
            hint="An MTN, Airtel or Zamtel number, such as 0971234567 or +260971234567."
          />
        ) : null}
      </fieldset>
      <div className="shortfall__actions">
        <div role="status" className={`shortfall__status shortfall__status--${tone}`}>
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
        {status === 'completed' ? null : (
          <button
            type="submit"
            className="button button--primary form__submit"
            aria-disabled={isBusy || undefined}
            aria-busy={isBusy || undefined}
          >
            {sendPurchase.isPending
              ? WALLET_MESSAGES.processing
              : status === 'awaiting-payment'
                ? WALLET_MESSAGES.waiting
                : status === 'failed'
                  ? WALLET_MESSAGES.tryAgain
                  : `Pay ${formatKwacha(topup)}`}
          </button>
        )}
      </div>
    </form>
  );
}
