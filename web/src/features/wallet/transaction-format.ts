import { formatKwacha } from '../../lib/money';
import { describeFailureCode } from './failure-reasons';

const kindLabels: Record<string, string> = {
  topup: 'Top-up',
  tip: 'Tip',
  pass: 'Pass',
  unlock: 'Unlock',
  support: 'Support',
  purchase: 'Purchase',
  subscription: 'Subscription',
  refund: 'Refund',
  adjustment: 'Adjustment',
  'payout-reserved': 'Payout',
  'payout-returned': 'Payout returned',
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

/** A line's heading: a purchase by its name for the reader ('Tip "Munkoyo" to …'), else its kind. */
export function readTransactionTitle(line: { kind: string; description: string; purchaseId: string | null }) {
  return line.purchaseId ? line.description : readKindLabel(line.kind);
}

/** The small print under the heading: the kind of a purchase (on earnings, 'Earnings · Tip'), or the description. */
export function readTransactionMeta(line: {
  kind: string;
  description: string;
  purchaseId: string | null;
  account: 'wallet' | 'earnings';
}) {
  if (!line.purchaseId)
    return line.account === 'earnings' ? `Earnings · ${line.description}` : line.description;
  return line.account === 'earnings' ? `Earnings · ${readKindLabel(line.kind)}` : readKindLabel(line.kind);
}

export type ReceiptState = {
  label: 'Paid' | 'Awaiting payment' | 'Failed';
  tone: 'success' | 'muted' | 'danger';
};

/** A receipt's badge: Paid, Awaiting payment (its top-up is on its way) or Failed. */
export function readReceiptState(status: 'completed' | 'awaiting-payment' | 'failed'): ReceiptState {
  if (status === 'completed') return { label: 'Paid', tone: 'success' };
  if (status === 'failed') return { label: 'Failed', tone: 'danger' };
  return { label: 'Awaiting payment', tone: 'muted' };
}

/**
 * Why a line is pending, in words (a top-up whose payer has not answered yet, or whose bank
 * is still deciding); null for a settled line. The statement is read again while one is.
 */
export function readPendingNote(status: string): string | null {
  if (readTransactionState(status).label !== 'Pending') return null;
  return 'Waiting for the payment to be confirmed on the phone or by the bank. It can take a few minutes; this line updates by itself when it settles.';
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
