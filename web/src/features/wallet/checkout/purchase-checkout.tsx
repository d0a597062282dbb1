import type { TPurchaseFunding } from '@stagepass/contract/purchases';
import { WALLET_MESSAGES } from '@stagepass/contract/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useReducer, useRef, useState } from 'react';
import { ApiError, genericErrorMessage } from '../../../lib/api-client';
import type { CheckoutProps } from '../../../lib/checkout';
import { formatKwacha } from '../../../lib/money';
import { checkTypedPhone } from '../../../lib/phone-entry';
import { toast } from '../../../lib/toast';
import { usePaymentMethods } from '../api/get-payment-methods';
import { useWalletBalance } from '../api/get-wallet';
import { createPurchaseId, sendPurchase, usePurchaseWatch } from '../api/purchases';
import {
  goToCardChallenge,
  readReturnPath,
  recallPurchaseAfterChallenge,
  useReturnedCardTopupId,
} from '../card-challenge';
import { FlowOutcome } from '../components/flow-outcome';
import {
  chooseDefaultPayer,
  findChosenCard,
  NEW_NUMBER,
  type PayerChoice,
  PayerPicker,
} from '../components/payer-picker';
import { useTakingLong } from '../use-taking-long';
import {
  findShortfallTopup,
  initialPurchaseFlow,
  type PurchaseFlowState,
  readCheckoutButtonLabel,
  readCheckoutMessages,
  reducePurchaseFlow,
} from './purchase-flow';
import '../wallet.css';

/** Refusals that charge nothing and mean "look again": the price or the balance moved. */
const RECONSIDER_CODES = new Set(['PRICE_CHANGED', 'INSUFFICIENT_BALANCE']);

/**
 * The checkout (lib/checkout.tsx): pays from the wallet in one press; when the wallet holds
 * less than the price, the same form tops up the shortfall by mobile money or a saved card,
 * with the Topup panel's picker and words, and the purchase completes on the server in the
 * transaction that credits that top-up (this only watches it; a card's 3-D Secure check
 * leaves the page and comes back to it, card-challenge.ts). Once paid, every query is read again, so what
 * was bought shows behind the dialog without a reload.
 */
export default function PurchaseCheckout({
  label,
  amount,
  submitLabel,
  buildOrder,
  onCompleted,
  onClose,
  setTitle,
  children,
}: CheckoutProps) {
  const queryClient = useQueryClient();
  const balance = useWalletBalance();
  const paymentMethods = usePaymentMethods();
  // Back from the bank's 3-D Secure check: the purchase it was for is watched again.
  const returnedTopupId = useReturnedCardTopupId();
  const [flow, dispatch] = useReducer(reducePurchaseFlow, returnedTopupId, (topupId): PurchaseFlowState => {
    const purchaseId = recallPurchaseAfterChallenge(topupId);
    return purchaseId ? { phase: 'waiting', purchaseId, isCard: true } : initialPurchaseFlow;
  });
  const watched = usePurchaseWatch(flow.phase === 'waiting' ? flow.purchaseId : null);
  const [payerChoice, setPayerChoice] = useState<PayerChoice | null>(null);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const phoneRef = useRef<HTMLInputElement>(null);
  // A purchase whose request got no answer may have gone through: the same order sent again
  // goes under the same purchaseId (never a second charge); any answer ends that.
  const unanswered = useRef<{ order: string; purchaseId: string } | null>(null);
  // The top-up is fixed when Pay is pressed: the balance read meanwhile does not move it.
  const [paidTopup, setPaidTopup] = useState(0);

  const savedNumbers = paymentMethods.data?.mobileMoney ?? [];
  const savedCards = paymentMethods.data?.cards ?? [];
  const chosenPayer = payerChoice ?? chooseDefaultPayer(savedNumbers, savedCards);
  const chosenCard = findChosenCard(savedCards, chosenPayer);
  const topup = flow.phase === 'idle' ? findShortfallTopup(amount, balance.data?.amount) : paidTopup;
  const isBusy = flow.phase === 'processing' || flow.phase === 'waiting';
  const isLocked = flow.phase !== 'idle';

  useEffect(() => {
    if (watched.data) dispatch({ type: 'answered', purchase: watched.data });
  }, [watched.data]);

  // Paid: everything the purchase gives (access, tips, a pass, the balance) is read again.
  const completedRef = useRef(false);
  useEffect(() => {
    if (flow.phase !== 'completed' || completedRef.current) return;
    completedRef.current = true;
    void queryClient.invalidateQueries();
    onCompleted(flow.purchase);
  }, [flow, onCompleted, queryClient]);

  useEffect(() => {
    // The spec's toast on a failed payment.
    if (flow.phase === 'failed') toast.error(genericErrorMessage);
  }, [flow.phase]);

  // The dialog's title follows the outcome; Try again puts the dialog's own title back.
  useEffect(() => {
    setTitle?.(
      flow.phase === 'completed'
        ? WALLET_MESSAGES.completed
        : flow.phase === 'failed'
          ? WALLET_MESSAGES.failed
          : null,
    );
  }, [flow.phase, setTitle]);

  function readFunding(): TPurchaseFunding | { error: string } {
    if (topup === 0) return { method: 'wallet' };
    if (chosenCard) return { method: 'card', paymentMethodId: chosenCard._id, returnPath: readReturnPath() };
    const saved = savedNumbers.find((method) => method._id === chosenPayer);
    if (saved && chosenPayer !== NEW_NUMBER) {
      return { method: 'mobile-money', phone: saved.phone, correspondent: saved.correspondent };
    }
    const typed = checkTypedPhone(phone);
    if (typed.error !== undefined) return { error: typed.error };
    return { method: 'mobile-money', phone: typed.msisdn, correspondent: typed.operator.correspondent };
  }

  async function pay() {
    const order = buildOrder();
    if (!order || amount === null) return;
    const funding = readFunding();
    if ('error' in funding) {
      setPhoneError(funding.error);
      phoneRef.current?.focus();
      return;
    }
    const key = JSON.stringify([order, funding, amount]);
    const purchaseId = unanswered.current?.order === key ? unanswered.current.purchaseId : createPurchaseId();
    unanswered.current = { order: key, purchaseId };
    setPaidTopup(topup);
    dispatch({ type: 'submitted' });
    try {
      const answer = await sendPurchase({ ...order, purchaseId, funding, expectedAmount: amount });
      unanswered.current = null;
      const { purchase, cardTopup } = answer;
      if (cardTopup?.status === 'requires-action' && cardTopup.challengeUrl) {
        // The bank asks the cardholder to confirm, on its own page; the browser comes back here.
        goToCardChallenge(cardTopup.challengeUrl, {
          topupId: cardTopup.topupId,
          purchaseId: purchase.purchaseId,
        });
      }
      dispatch({ type: 'answered', purchase, isCard: funding.method === 'card' });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) {
        // Unanswered: Try again re-sends the same purchase.
        dispatch({ type: 'submit-failed', reason: null });
        return;
      }
      unanswered.current = null;
      if (error.code && RECONSIDER_CODES.has(error.code)) {
        // Nothing was charged: read the price and the balance again and let the fan confirm.
        void queryClient.invalidateQueries();
        dispatch({ type: 'reconsider', notice: error.message });
        return;
      }
      dispatch({
        type: 'submit-failed',
        reason: error.message === genericErrorMessage ? null : error.message,
      });
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // One button for the whole flow: Pay, then (busy) nothing, then Close or Try again.
    if (flow.phase === 'idle') void pay();
    else if (flow.phase === 'failed') dispatch({ type: 'reset' });
    else if (flow.phase === 'completed') onClose?.();
  }

  // A top-up that never settles (the payer never answers) is explained after a minute.
  const isTakingLong = useTakingLong(flow.phase === 'waiting');
  const messages = readCheckoutMessages(flow, { isTakingLong });
  const tone =
    flow.phase === 'completed'
      ? 'success'
      : flow.phase === 'failed'
        ? 'error'
        : flow.phase === 'waiting' || (flow.phase === 'idle' && flow.notice)
          ? 'info'
          : 'none';

  return (
    <form className="topup checkout" noValidate onSubmit={handleSubmit} aria-label={label}>
      {typeof children === 'function' ? children(isLocked) : children}
      <p className="topup__balance">
        <span>Wallet balance</span>{' '}
        <strong data-testid="checkout-balance">
          {balance.data ? formatKwacha(balance.data.amount) : '…'}
        </strong>
      </p>
      {topup > 0 && flow.phase !== 'completed' ? (
        <fieldset className="topup__fields" disabled={isLocked}>
          <p className="topup__note">
            Your wallet is short. Top up <strong data-testid="checkout-topup">{formatKwacha(topup)}</strong>{' '}
            {savedCards.length > 0 ? 'by mobile money or card' : 'by mobile money'} and it is paid as soon as
            the top-up arrives.
          </p>
          {paymentMethods.isPending ? (
            <p className="topup__note">Loading your numbers and cards…</p>
          ) : (
            <PayerPicker
              methods={savedNumbers}
              cards={savedCards}
              choice={chosenPayer}
              onChoiceChange={(choice) => {
                setPayerChoice(choice);
                setPhoneError(undefined);
              }}
              phone={phone}
              onPhoneChange={(value) => {
                setPhone(value);
                setPhoneError(undefined);
              }}
              error={phoneError}
              inputRef={phoneRef}
            />
          )}
        </fieldset>
      ) : null}
      <FlowOutcome
        messages={messages}
        tone={tone}
        isProcessing={flow.phase === 'processing'}
        isBusy={isBusy}
        isCompleted={flow.phase === 'completed'}
        buttonLabel={
          flow.phase === 'completed' && !onClose
            ? null
            : readCheckoutButtonLabel(flow, { submitLabel, topup })
        }
        phase={flow.phase}
      />
    </form>
  );
}
