import type { TPurchaseFunding } from '@stagepass/contract/purchases';
import { WALLET_MESSAGES } from '@stagepass/contract/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError, genericErrorMessage } from '../../lib/api-client';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { formatKwacha } from '../../lib/money';
import { checkTypedPhone } from '../../lib/phone-entry';
import { toast } from '../../lib/toast';
import { usePost } from '../posts/api/get-post';
import { postsQueryKey } from '../posts/api/post-query-keys';
import { usePaymentMethods } from '../wallet/api/get-payment-methods';
import { useWalletBalance } from '../wallet/api/get-wallet';
import { walletQueryKey } from '../wallet/api/wallet-query-keys';
import { buyUnlock, createPurchaseId, getPurchase, type TPurchase } from './api/buy-unlock';
import '../../ui/form.css';

/** pawaPay's smallest deposit: a shortfall under K1 is topped up as K1 (the rest stays in the wallet). */
const MIN_TOPUP_NGWEE = 100;
/** How often a purchase waiting on its top-up is read again: access shows within a second. */
const PURCHASE_POLL_MS = 500;

type Flow =
  | { phase: 'idle' }
  | { phase: 'processing' }
  | { phase: 'waiting'; purchaseId: string }
  | { phase: 'completed' }
  | { phase: 'failed'; reason: string | null };

/**
 * `?modal=unlock-exclusive-content/<postId>`: unlock a pay-to-unlock post at its price, from
 * the wallet, or, when the wallet is short, with the shortfall paid by mobile money in the
 * same modal (the Topup panel's flow and words). Once paid, every cached post is read again,
 * so the post shows in full behind the modal without a reload.
 */
export default function UnlockExclusiveContentModal({ options, closeModal, setTitle }: ModalBodyProps) {
  const postId = options;
  const post = usePost(postId);
  const balance = useWalletBalance();
  const paymentMethods = usePaymentMethods();
  const queryClient = useQueryClient();
  const [flow, setFlow] = useState<Flow>({ phase: 'idle' });
  const [phone, setPhone] = useState<string | null>(null);
  const [phoneError, setPhoneError] = useState<string>();
  const purchaseId = useRef(createPurchaseId());
  const phoneId = useId();
  const phoneErrorId = useId();

  const savedNumber = paymentMethods.data?.mobileMoney.find((method) => method.preffered)?.phone;
  const typedPhone = phone ?? (savedNumber ? `0${savedNumber.slice(3)}` : '');

  // The title follows the outcome, as the Topup panel's does.
  useEffect(() => {
    setTitle(
      flow.phase === 'completed'
        ? WALLET_MESSAGES.completed
        : flow.phase === 'failed'
          ? WALLET_MESSAGES.failed
          : null,
    );
  }, [flow.phase, setTitle]);

  // A purchase waiting on its top-up: read it until it completes or fails.
  useEffect(() => {
    if (flow.phase !== 'waiting') return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      getPurchase(flow.purchaseId, { signal: controller.signal })
        .then(({ purchase }) => settle(purchase))
        .catch(() => {});
    }, PURCHASE_POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  });

  function settle(purchase: TPurchase) {
    if (purchase.status === 'completed') {
      setFlow({ phase: 'completed' });
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
      void queryClient.invalidateQueries({ queryKey: walletQueryKey });
    } else if (purchase.status === 'failed') {
      fail(purchase.failureReason);
    } else {
      setFlow({ phase: 'waiting', purchaseId: purchase.purchaseId });
    }
  }

  function fail(reason: string | null) {
    setFlow({ phase: 'failed', reason });
    toast.error(genericErrorMessage);
    // A new attempt is a new purchase.
    purchaseId.current = createPurchaseId();
  }

  if (post.isPending || balance.isPending) return <p role="status">Loading…</p>;
  if (!post.data) return <p role="alert">This post does not exist.</p>;
  const item = post.data.post;
  const price = item.price ?? 0;
  const held = balance.data?.amount ?? 0;
  const isWalletEnough = held >= price;
  const shortfall = Math.max(price - held, MIN_TOPUP_NGWEE);

  async function pay() {
    let funding: TPurchaseFunding = { method: 'wallet' };
    if (!isWalletEnough) {
      const payer = checkTypedPhone(typedPhone);
      if (payer.error !== undefined) {
        setPhoneError(payer.error);
        document.getElementById(phoneId)?.focus();
        return;
      }
      funding = { method: 'mobile-money', phone: payer.msisdn, correspondent: payer.operator.correspondent };
    }
    setFlow({ phase: 'processing' });
    try {
      const answer = await buyUnlock({
        purchaseId: purchaseId.current,
        creator: item.author.pageId,
        postId: item.postId,
        expectedAmount: price,
        funding,
      });
      settle(answer.purchase);
    } catch (error) {
      // The price or the balance moved: read them again and let the fan decide.
      if (
        error instanceof ApiError &&
        (error.code === 'PRICE_CHANGED' || error.code === 'INSUFFICIENT_BALANCE')
      ) {
        await Promise.all([post.refetch(), balance.refetch()]);
        purchaseId.current = createPurchaseId();
        setFlow({ phase: 'idle' });
        toast.error(error.message);
        return;
      }
      fail(error instanceof ApiError && error.message !== genericErrorMessage ? error.message : null);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (flow.phase === 'idle') void pay();
    else if (flow.phase === 'failed') setFlow({ phase: 'idle' });
    else if (flow.phase === 'completed') closeModal();
  }

  if (!item.isLocked && flow.phase === 'idle') {
    return (
      <div className="form">
        <p>This post is unlocked for you.</p>
        <button type="button" className="button button--secondary form__submit" onClick={closeModal}>
          Close
        </button>
      </div>
    );
  }

  const isBusy = flow.phase === 'processing' || flow.phase === 'waiting';
  const messages =
    flow.phase === 'waiting'
      ? [WALLET_MESSAGES.promptSent]
      : flow.phase === 'completed'
        ? [WALLET_MESSAGES.completed]
        : flow.phase === 'failed'
          ? [WALLET_MESSAGES.failed, ...(flow.reason ? [flow.reason] : [])]
          : [];
  const label =
    flow.phase === 'processing'
      ? WALLET_MESSAGES.processing
      : flow.phase === 'waiting'
        ? WALLET_MESSAGES.waiting
        : flow.phase === 'completed'
          ? 'Close'
          : flow.phase === 'failed'
            ? WALLET_MESSAGES.tryAgain
            : isWalletEnough
              ? `Pay ${formatKwacha(price)}`
              : 'Pay';

  return (
    <form className="form unlock" noValidate onSubmit={handleSubmit} aria-label="Unlock this post">
      <p>
        Unlock this post by <strong>{item.author.pageName}</strong> for{' '}
        <strong data-testid="unlock-price">{formatKwacha(price)}</strong>. It stays unlocked for you.
      </p>
      <p>
        <span>Wallet balance</span> <strong data-testid="unlock-balance">{formatKwacha(held)}</strong>
      </p>
      {isWalletEnough || flow.phase === 'completed' ? null : (
        <fieldset className="form__field" disabled={isBusy}>
          <p data-testid="unlock-shortfall">
            Your wallet is {formatKwacha(shortfall)} short. Pay {formatKwacha(shortfall)} by mobile money:
          </p>
          <label htmlFor={phoneId}>Mobile money number</label>
          <input
            id={phoneId}
            className="input"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={typedPhone}
            onChange={(event) => {
              setPhone(event.target.value);
              setPhoneError(undefined);
            }}
            aria-invalid={phoneError ? true : undefined}
            aria-describedby={phoneError ? phoneErrorId : undefined}
          />
          {phoneError ? (
            <p id={phoneErrorId} className="form__error">
              {phoneError}
            </p>
          ) : null}
        </fieldset>
      )}
      <div role="status">
        {flow.phase === 'processing' ? <p className="visually-hidden">{WALLET_MESSAGES.processing}</p> : null}
        {messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
      <button
        type="submit"
        className={
          flow.phase === 'completed'
            ? 'button button--secondary form__submit'
            : 'button button--primary form__submit'
        }
        aria-disabled={isBusy || undefined}
        aria-busy={isBusy || undefined}
      >
        {label}
      </button>
    </form>
  );
}
