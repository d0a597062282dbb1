import { describePurchaseForFan } from '@stagepass/contract/purchase-titles';
import '../../../ui/badge.css';
import { formatKwacha } from '../../../lib/money';
import type { TPurchase } from '../api/list-receipts';
import { readReceiptState } from '../transaction-format';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The fan's receipts: each purchase named, what it cost, when, and whether it went through (and why not). */
export function ReceiptList({ receipts }: { receipts: TPurchase[] }) {
  return (
    <ul className="transactions" aria-label="Receipts">
      {receipts.map((receipt) => (
        <ReceiptItem key={receipt.purchaseId} receipt={receipt} />
      ))}
    </ul>
  );
}

function ReceiptItem({ receipt }: { receipt: TPurchase }) {
  const state = readReceiptState(receipt.status);
  const title = describePurchaseForFan({
    kind: receipt.kind,
    details: receipt.details,
    counterpartName: receipt.creator?.name ?? null,
  });
  return (
    <li className="transaction">
      <div>
        <p className="transaction__title">{title}</p>
        <p className="transaction__meta">
          <time dateTime={receipt.createdAt}>{dateFormat.format(new Date(receipt.createdAt))}</time>
        </p>
      </div>
      <div className="transaction__side">
        <p
          className={
            receipt.status === 'failed'
              ? 'transaction__amount transaction__amount--void'
              : 'transaction__amount'
          }
        >
          {formatKwacha(receipt.amount)}
        </p>
        <span className={`badge badge--${state.tone}`}>{state.label}</span>
      </div>
      {receipt.status === 'failed' ? (
        <p className="transaction__reason">{receipt.failureReason ?? 'The payment did not go through.'}</p>
      ) : receipt.status === 'awaiting-payment' ? (
        <p className="transaction__reason">Waiting for the top-up of the rest by mobile money or card.</p>
      ) : null}
    </li>
  );
}
