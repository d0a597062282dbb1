import { formatKwacha } from '../../lib/money';
import { describeFailureCode } from './failure-reasons';

const kindLabels: Record<string, string> = {
  topup: 'Top-up',
  tip: 'Tip',
  purchase: 'Purchase',
  subscription: 'Subscription',
  refund: 'Refund',
  adjustment: 'Adjustment',
};

/** A statement line's kind as people say it; an unknown kind is shown as the server named it. */
export function readKindLabel(kind: string): string {
  return Object.hasOwn(kindLabels, kind) ? (kindLabels[kind] ?? kind) : kind;
}

export type TransactionState = {
  label: 'Completed' | 'Pending' | 'Failed';
  tone: 'success' | 'muted' | 'danger';
};

/** The badge of a line: Completed, Pending (not settled yet) or Failed (failed or rejected). */
export function readTransactionState(status: string): TransactionState {
  if (status === 'COMPLETED') return { label: 'Completed', tone: 'success' };
  if (status === 'FAILED' || status === 'REJECTED') return { label: 'Failed', tone: 'danger' };
  return { label: 'Pending', tone: 'muted' };
}

/** Why a line failed, in words; null for a line that did not. */
export function readFailureReason(status: string, failureCode: string | null): string | null {
  if (status !== 'FAILED' && status !== 'REJECTED') return null;
  return failureCode ? describeFailureCode(failureCode) : 'The payment did not go through.';
}

/** Signed ngwee with the K prefix: 2000 → '+K20', -550 → '−K5.50' (a true minus sign). */
export function formatSignedKwacha(ngwee: number): string {
  if (ngwee === 0) return formatKwacha(0);
  return `${ngwee < 0 ? '−' : '+'}${formatKwacha(Math.abs(ngwee))}`;
}
