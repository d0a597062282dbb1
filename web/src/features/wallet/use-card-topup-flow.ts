import type { TCardTopup } from '@stagepass/contract/card-topups';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, genericErrorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { createCardTopup } from './api/create-card-topup';
import { useCardTopup } from './api/get-card-topup';
import { scheduleWalletRefresh } from './api/refresh-wallet';
import { goToCardChallenge, readReturnPath, useReturnedCardTopupId } from './card-challenge';
import { type DepositFlowState, initialDepositFlow, readFlowTitle } from './deposit-flow';
import { createDepositId } from './deposit-request';

export type CardTopupOrder = { ngwee: number; paymentMethodId: string };

/** How often a card top-up still being decided is read again (the server asks the processor). */
const CARD_TOPUP_POLL_MS = 1500;

/** Where a card top-up stands, in the Topup panel's phases (and so its words). */
export function toDepositFlow(topup: TCardTopup): DepositFlowState {
  const depositId = topup.topupId;
  if (topup.status === 'completed') return { phase: 'completed', depositId };
  if (topup.status === 'failed') {
    const isInsufficientFunds = topup.failureCode === 'INSUFFICIENT_FUNDS';
    // The spec's insufficient-funds text stands alone; other reasons follow 'Transaction failed!'.
    return {
      phase: 'failed',
      depositId,
      isInsufficientFunds,
      reason: isInsufficientFunds ? null : topup.failureReason,
    };
  }
  return { phase: 'processing', depositId };
}

/**
 * The Topup panel's flow for a saved card: the charge under a new topupId (the same one again
 * after a request that got no answer, so never a second charge), the bank's 3-D Secure page
 * when it asks (the panel opens again on return and reads the outcome), and the status read
 * until it is final. Its phases are the deposit flow's, so the panel keeps one set of words.
 */
export function useCardTopupFlow({ setTitle }: { setTitle: (title: string | null) => void }) {
  const queryClient = useQueryClient();
  const returnedTopupId = useReturnedCardTopupId();
  const [flow, setFlow] = useState<DepositFlowState>(() =>
    returnedTopupId ? { phase: 'processing', depositId: returnedTopupId } : initialDepositFlow,
  );
  const [watchedId, setWatchedId] = useState<string | null>(returnedTopupId);
  const watched = useCardTopup(watchedId);
  const unanswered = useRef<{ order: string; topupId: string } | null>(null);

  function apply(topup: TCardTopup) {
    const next = toDepositFlow(topup);
    setFlow(next);
    setWatchedId(next.phase === 'processing' ? topup.topupId : null);
  }

  useEffect(() => {
    if (watched.data) apply(watched.data.topup);
  }, [watched.data]);

  // Still being decided: read again until it is final.
  useEffect(() => {
    if (!watchedId || flow.phase !== 'processing') return;
    const timer = setTimeout(() => void watched.refetch(), CARD_TOPUP_POLL_MS);
    return () => clearTimeout(timer);
  });

  useEffect(() => setTitle(readFlowTitle(flow)), [flow, setTitle]);
  useEffect(() => {
    if (flow.phase === 'failed') toast.error(genericErrorMessage);
    if (flow.phase === 'completed') scheduleWalletRefresh(queryClient);
  }, [flow.phase, queryClient]);

  async function startCardTopup({ ngwee, paymentMethodId }: CardTopupOrder) {
    const order = `${ngwee}|${paymentMethodId}`;
    const topupId = unanswered.current?.order === order ? unanswered.current.topupId : createDepositId();
    unanswered.current = { order, topupId };
    setFlow({ phase: 'processing', depositId: topupId });
    try {
      const { topup } = await createCardTopup({
        topupId,
        amount: ngwee,
        paymentMethodId,
        returnPath: readReturnPath(),
      });
      unanswered.current = null;
      if (topup.status === 'requires-action' && topup.challengeUrl)
        return goToCardChallenge(topup.challengeUrl);
      apply(topup);
    } catch (error) {
      const isUnanswered = !(error instanceof ApiError) || error.status >= 500;
      if (!isUnanswered) unanswered.current = null;
      const reason =
        error instanceof ApiError && error.message !== genericErrorMessage ? error.message : null;
      setFlow({ phase: 'failed', depositId: topupId, isInsufficientFunds: false, reason });
    }
  }

  return { flow, startCardTopup, tryAgain: () => setFlow(initialDepositFlow) };
}
