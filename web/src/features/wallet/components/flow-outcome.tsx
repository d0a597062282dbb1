import { WALLET_MESSAGES } from '@stagepass/contract/wallet';
import { type Ref, useEffect, useRef } from 'react';

type FlowOutcomeProps = {
  /** What the live region says; the first line is the headline. */
  messages: string[];
  tone: 'none' | 'info' | 'success' | 'error';
  isProcessing: boolean;
  isBusy: boolean;
  isCompleted: boolean;
  /** The one button's words; null hides it (nothing left to press). */
  buttonLabel: string | null;
  /** The flow's phase: a new one brings the outcome into view. */
  phase: string;
};

/**
 * The end of the Topup panel and of the checkout: the live region that reads the flow out
 * and the form's one button (Pay, then busy, then Close or Try again). On a phone the
 * outcome may be below the fold, so a new phase brings it (and the button) into view.
 */
export function FlowOutcome({
  messages,
  tone,
  isProcessing,
  isBusy,
  isCompleted,
  buttonLabel,
  phase,
}: FlowOutcomeProps) {
  const outcomeRef: Ref<HTMLDivElement> = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (phase !== 'idle' && phase !== 'processing')
      outcomeRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [phase]);
  return (
    <div ref={outcomeRef} className="topup__actions">
      <div role="status" className={`topup__status topup__status--${tone}`}>
        {/* The button says it too, but a changed label is not read out where focus stays. */}
        {isProcessing ? <p className="visually-hidden">{WALLET_MESSAGES.processing}</p> : null}
        {messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
      {buttonLabel === null ? null : (
        <button
          type="submit"
          className={
            isCompleted ? 'button button--secondary form__submit' : 'button button--primary form__submit'
          }
          // aria-disabled rather than disabled: the button keeps the focus through the flow.
          aria-disabled={isBusy || undefined}
          aria-busy={isBusy || undefined}
        >
          {buttonLabel}
        </button>
      )}
    </div>
  );
}
