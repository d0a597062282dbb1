import '../../../ui/badge.css';
import type { TWalletTransaction } from '../api/get-wallet';
import {
  formatSignedKwacha,
  readFailureReason,
  readPendingNote,
  readTransactionMeta,
  readTransactionState,
  readTransactionTitle,
} from '../transaction-format';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The statement, newest first: what (a purchase named for the reader), when, how much, and whether it went through. */
export function TransactionList({ transactions }: { transactions: TWalletTransaction[] }) {
  return (
    <ul className="transactions" aria-label="Transactions">
      {transactions.map((transaction) => (
        <TransactionItem key={transaction.id} transaction={transaction} />
      ))}
    </ul>
  );
}

function TransactionItem({ transaction }: { transaction: TWalletTransaction }) {
  const state = readTransactionState(transaction.status);
  const reason =
    readFailureReason(transaction.status, transaction.failureCode) ?? readPendingNote(transaction.status);
  const amountClass =
    state.label === 'Failed'
      ? 'transaction__amount transaction__amount--void'
      : transaction.amount > 0
        ? 'transaction__amount transaction__amount--in'
        : 'transaction__amount';
  return (
    <li className="transaction">
      <div>
        <p className="transaction__title">{readTransactionTitle(transaction)}</p>
        <p className="transaction__meta">{readTransactionMeta(transaction)}</p>
        <p className="transaction__meta">
          <time dateTime={transaction.createdAt}>{dateFormat.format(new Date(transaction.createdAt))}</time>
        </p>
      </div>
      <div className="transaction__side">
        <p className={amountClass}>{formatSignedKwacha(transaction.amount)}</p>
        <span className={`badge badge--${state.tone}`}>{state.label}</span>
      </div>
      {reason ? <p className="transaction__reason">{reason}</p> : null}
    </li>
  );
}
