import type { TCorrespondent } from '@stagepass/contract/mobile-money';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef } from 'react';
import { ApiError, genericErrorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useCreateDeposit } from './api/create-deposit';
import { useDepositWatch } from './api/get-deposit-status';
import { scheduleWalletRefresh } from './api/refresh-wallet';
import { initialDepositFlow, readFlowTitle, reduceDepositFlow } from './deposit-flow';
import { buildDepositRequest, createDepositId } from './deposit-request';
import type { DepositWatchDelays } from './deposit-watch';

export type DepositOrder = { ngwee: number; msisdn: string; correspondent: TCorrespondent };

type DepositFlowOptions = {
  setTitle: (title: string | null) => void;
  /**
   * When the status is checked and the slow notice shows; deposit-watch.ts has the spec's.
   * Give a stable object: a new one restarts the watch.
   */
  watchDelays?: DepositWatchDelays;
};

/**
 * The deposit flow of deposit-flow.ts wired to the API: the initiation, the status checked
 * while the deposit is not final (deposit-watch.ts), the dialog's title, the spec's toast on
 * a failure, and the refresh of the balance once it is done.
 */
export function useDepositFlow({ setTitle, watchDelays }: DepositFlowOptions) {
  const queryClient = useQueryClient();
  const createDeposit = useCreateDeposit();
  const [flow, dispatch] = useReducer(reduceDepositFlow, initialDepositFlow);
  // A deposit whose initiation got no answer may still have reached pawaPay: paying the same
  // amount from the same number again re-sends that deposit (same depositId, never a second
  // charge) instead of starting another one.
  const unanswered = useRef<{ order: string; depositId: string } | null>(null);

  useDepositWatch({
    depositId: flow.phase === 'waiting' ? flow.depositId : null,
    onChecked: ({ status, failureCode }) => dispatch({ type: 'status-checked', status, failureCode }),
    onSlow: () => dispatch({ type: 'taking-long' }),
    delays: watchDelays,
  });

  // The dialog's title follows the outcome; Try again puts the panel's own title back.
  useEffect(() => setTitle(readFlowTitle(flow)), [flow, setTitle]);

  // Every way of failing (refused at once, an error on submit, FAILED from the operator)
  // shows the spec's toast, once per failure (the phase always comes to 'failed' from another).
  useEffect(() => {
    if (flow.phase === 'failed') toast.error(genericErrorMessage);
  }, [flow.phase]);

  // Accepted: the statement behind the panel shows the top-up as pending. Completed: the
  // balance and the session are fetched again after the spec's 1-second debounce.
  useEffect(() => {
    if (flow.phase === 'waiting' || flow.phase === 'completed') scheduleWalletRefresh(queryClient);
  }, [flow.phase, queryClient]);

  async function startDeposit({ ngwee, msisdn, correspondent }: DepositOrder) {
    const order = `${ngwee}|${msisdn}|${correspondent}`;
    const depositId = unanswered.current?.order === order ? unanswered.current.depositId : createDepositId();
    dispatch({ type: 'submitted', depositId });
    try {
      const { result } = await createDeposit.mutateAsync(
        buildDepositRequest({ depositId, ngwee, msisdn, correspondent }),
      );
      unanswered.current = null;
      dispatch({
        type: 'initiated',
        status: result.status,
        reason: result.rejectionReason?.rejectionMessage ?? null,
      });
    } catch (error) {
      const isUnanswered = !(error instanceof ApiError) || error.status >= 500;
      unanswered.current = isUnanswered ? { order, depositId } : null;
      // Our API's own words when it gave any ('An error occured!' already says the rest).
      const reason =
        error instanceof ApiError && error.message !== genericErrorMessage ? error.message : null;
      dispatch({ type: 'submit-failed', reason });
    }
  }

  return { flow, startDeposit, tryAgain: () => dispatch({ type: 'reset' }) };
}
