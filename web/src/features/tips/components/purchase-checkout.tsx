import type { TPurchase, TPurchaseRequest } from '@stagepass/contract/purchases';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { readFailureMessage } from '../../../lib/form-request';
import { useWalletBalance } from '../../wallet/api/get-wallet';
import { useSendPurchase } from '../api/send-purchase';
import { ShortfallPayment } from './shortfall-payment';

/** A client-made purchaseId (Web Crypto), so a repeat of the same press is the same purchase. */
export function createPurchaseId(): string {
  return globalThis.crypto.randomUUID();
}

type PurchaseCheckoutProps = {
  /** The purchase to send under this purchaseId, or null when the form has an error to show. */
  buildRequest: (purchaseId: string) => TPurchaseRequest | null;
  /** Its price in ngwee, when known. */
  amount: number | null;
  submitLabel: string;
  onCompleted: (purchase: TPurchase) => void;
  /** What is being paid for (and, for support, the amount field, locked while the shortfall is paid). */
  children: ReactNode | ((isLocked: boolean) => ReactNode);
};

/**
 * Paying a creator from the wallet in one press; when the wallet holds less than the price,
 * the shortfall is paid by mobile money inline (ShortfallPayment) and the purchase completes
 * with that top-up.
 */
export function PurchaseCheckout({
  buildRequest,
  amount,
  submitLabel,
  onCompleted,
  children,
}: PurchaseCheckoutProps) {
  const balance = useWalletBalance();
  const sendPurchase = useSendPurchase();
  const [purchaseId, setPurchaseId] = useState(createPurchaseId);
  const [shortfallFor, setShortfallFor] = useState<TPurchaseRequest | null>(null);
  const [error, setError] = useState<string | null>(null);

  function send() {
    if (sendPurchase.isPending) return;
    setError(null);
    const request = buildRequest(purchaseId);
    if (!request) return;
    const held = balance.data?.amount;
    if (held !== undefined && amount !== null && held < amount) {
      setShortfallFor(request);
      return;
    }
    sendPurchase.mutate(request, {
      onSuccess: (answer) => {
        if (answer.purchase.status === 'completed') onCompleted(answer.purchase);
        else setError(answer.purchase.failureReason ?? 'This payment did not go through.');
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.code === 'INSUFFICIENT_BALANCE') {
          void balance.refetch();
          setShortfallFor(request);
          return;
        }
        setError(readFailureMessage(failure));
      },
    });
  }

  if (shortfallFor && amount !== null) {
    return (
      <div className="checkout">
        {typeof children === 'function' ? children(true) : children}
        <ShortfallPayment
          request={shortfallFor}
          amount={amount}
          balance={balance.data?.amount ?? 0}
          onCompleted={onCompleted}
          onTryAgain={() => {
            const next = createPurchaseId();
            setPurchaseId(next);
            setShortfallFor({ ...shortfallFor, purchaseId: next });
          }}
        />
      </div>
    );
  }

  return (
    <form
      className="checkout"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {typeof children === 'function' ? children(false) : children}
      {error ? (
        <p className="form__notice form__notice--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="modal__actions">
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={sendPurchase.isPending || undefined}
          aria-busy={sendPurchase.isPending || undefined}
        >
          {sendPurchase.isPending ? 'Sending…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
