import type { purchaseRoutes } from '@stagepass/contract/purchases';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError, genericErrorMessage, requestRoute } from '../../lib/api-client';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { useModal } from '../../lib/modals/use-modal';
import { formatKwacha, parseKwachaToNgwee } from '../../lib/money';
import { TextField } from '../../ui/form-fields';
import { SubmitButton } from '../../ui/submit-button';
import { useProfile } from '../profiles/api/get-profile';
import { useWalletBalance } from '../wallet/api/get-wallet';
import { scheduleWalletRefresh } from '../wallet/api/refresh-wallet';
import '../../ui/form.css';

// One-off support's bounds, as the server's (contract/src/purchases.ts), in ngwee.
const MIN = 100;
const MAX = 2_000_000;
const boundsMessage = `Send between ${formatKwacha(MIN)} and K${(MAX / 100).toLocaleString('en-US')}.`;

/**
 * `?modal=support-creator/{username}` (the spec's support-creator): an amount the fan
 * chooses, sent from the wallet. A short wallet offers the Topup panel with the shortfall.
 */
export default function SupportCreatorModal({ options }: ModalBodyProps) {
  const username = options.split('/')[0] ?? '';
  const profile = useProfile(username);
  const balance = useWalletBalance();
  const queryClient = useQueryClient();
  const { openModal } = useModal();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [shortfall, setShortfall] = useState<number | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const pendingId = useRef<{ key: string; id: string } | null>(null);

  if (!username) return <p>Open a creator's page to support them.</p>;
  if (profile.isPending) return <p className="modal__loading">Loading…</p>;
  if (!profile.data) return <p role="alert">{genericErrorMessage}</p>;
  const creator = profile.data;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent(null);
    setShortfall(null);
    const ngwee = parseKwachaToNgwee(amount);
    if (ngwee === null || ngwee < MIN || ngwee > MAX) {
      setError(boundsMessage);
      amountRef.current?.focus();
      return;
    }
    setError(undefined);
    const wallet = balance.data?.amount;
    if (wallet !== undefined && wallet < ngwee) {
      setShortfall(Math.max(ngwee - wallet, MIN));
      return;
    }
    const key = String(ngwee);
    const purchaseId = pendingId.current?.key === key ? pendingId.current.id : crypto.randomUUID();
    pendingId.current = { key, id: purchaseId };
    setIsPending(true);
    try {
      await requestRoute<typeof purchaseRoutes.createPurchase>('POST /api/purchases', {
        body: { purchaseId, kind: 'support', creator: creator.username, amount: ngwee },
      });
      pendingId.current = null;
      setSent(`You sent ${formatKwacha(ngwee)} to ${creator.name}. Thank you!`);
      setAmount('');
      scheduleWalletRefresh(queryClient);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status < 500) pendingId.current = null;
      if (failure instanceof ApiError && failure.status === 402) {
        scheduleWalletRefresh(queryClient);
        setShortfall(Math.max(ngwee - (balance.data?.amount ?? 0), MIN));
      } else setError(failure instanceof ApiError ? failure.message : genericErrorMessage);
    } finally {
      setIsPending(false);
    }
  }

  return (
    <form className="form" noValidate onSubmit={handleSubmit} aria-label={`Support ${creator.name}`}>
      <p>
        Send {creator.name} an amount of your choice from your wallet (balance{' '}
        <strong>{balance.data ? formatKwacha(balance.data.amount) : '…'}</strong>).
      </p>
      <TextField
        ref={amountRef}
        label="Amount (K)"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setError(undefined);
        }}
        hint={boundsMessage}
        error={error}
      />
      <div role="status">
        {sent ? <p>{sent}</p> : null}
        {shortfall !== null ? (
          <p>
            Your wallet is short by {formatKwacha(shortfall)}.{' '}
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => openModal('topup', { options: String(Math.ceil(shortfall / 100)) })}
            >
              Top up
            </button>
          </p>
        ) : null}
      </div>
      <SubmitButton isPending={isPending}>Send support</SubmitButton>
    </form>
  );
}
