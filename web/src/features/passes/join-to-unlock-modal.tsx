import { OPERATORS } from '@stagepass/contract/mobile-money';
import type { TPassPeriod } from '@stagepass/contract/passes';
import { WALLET_MESSAGES } from '@stagepass/contract/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, genericErrorMessage } from '../../lib/api-client';
import { formatUsername } from '../../lib/format-username';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { formatKwacha } from '../../lib/money';
import { checkTypedPhone } from '../../lib/phone-entry';
import { TextField } from '../../ui/form-fields';
import { RadioGroup } from '../../ui/radio-group';
import { profilesQueryKey, useProfile } from '../profiles/api/get-profile';
import { usePaymentMethods } from '../wallet/api/get-payment-methods';
import { useWalletBalance } from '../wallet/api/get-wallet';
import { scheduleWalletRefresh } from '../wallet/api/refresh-wallet';
import { buyPass, getPurchase } from './api/passes-api';
import { formatPassExpiry, formatPassPrice, formatPeriodTitle } from './pass-format';
import '../../ui/badge.css';
import '../../ui/form.css';
import './passes.css';

const NEW_NUMBER = 'new';
const POLL_MS = 2000;

type Phase =
  | { name: 'choose' }
  | { name: 'paying' }
  | { name: 'waiting'; purchaseId: string }
  | { name: 'done' }
  | { name: 'failed'; message: string };

/**
 * `?modal=join-to-unlock/{username}` (the spec's join-to-unlock, for profiles): choose a
 * pass period and pay it from the wallet; when the wallet is short, the shortfall is shown
 * and paid by mobile money with the purchase (the Topup panel's prompt and texts), and the
 * pass starts once the top-up is in. The profile behind shows 'Subscribed' at once.
 */
export default function JoinToUnlockModal({ options, closeModal }: ModalBodyProps) {
  const username = options.split('/')[0] ?? '';
  const profile = useProfile(username);
  const balance = useWalletBalance();
  const paymentMethods = usePaymentMethods();
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<TPassPeriod | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'choose' });
  const [payer, setPayer] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  // A purchase not answered may have gone through: paying again re-sends the same purchaseId.
  const pendingId = useRef<{ key: string; id: string } | null>(null);

  const prices = profile.data?.prices ?? [];
  const chosen =
    prices.find((price) => price.period === (period ?? profile.data?.pricing?.period)) ?? prices[0];
  const savedNumbers = paymentMethods.data?.mobileMoney ?? [];
  const chosenPayer =
    payer ?? (savedNumbers.find((method) => method.preffered) ?? savedNumbers[0])?._id ?? NEW_NUMBER;
  const walletAmount = balance.data?.amount;
  const shortfall = chosen && walletAmount !== undefined ? Math.max(chosen.price - walletAmount, 0) : 0;
  const isShort = shortfall > 0;

  useEffect(() => {
    if (phase.name !== 'waiting') return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      getPurchase(phase.purchaseId, { signal: controller.signal })
        .then(({ purchase }) => {
          if (purchase.status === 'completed') finish();
          else if (purchase.status === 'failed') {
            setPhase({ name: 'failed', message: purchase.failureReason ?? WALLET_MESSAGES.failed });
          }
        })
        .catch(() => {});
    }, POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
    // finish reads only state setters and the query client, which stay the same.
  }, [phase]);

  function finish() {
    pendingId.current = null;
    setPhase({ name: 'done' });
    void queryClient.invalidateQueries({ queryKey: profilesQueryKey });
    scheduleWalletRefresh(queryClient);
  }

  async function pay() {
    if (!chosen || !profile.data) return;
    let funding: Parameters<typeof buyPass>[0]['funding'] = { method: 'wallet' };
    if (isShort) {
      const saved = savedNumbers.find((method) => method._id === chosenPayer);
      const check =
        saved && chosenPayer !== NEW_NUMBER
          ? { msisdn: saved.phone, operator: OPERATORS[saved.correspondent] }
          : checkTypedPhone(phone);
      if (check.error !== undefined) {
        setPhoneError(check.error);
        phoneRef.current?.focus();
        return;
      }
      funding = { method: 'mobile-money', phone: check.msisdn, correspondent: check.operator.correspondent };
    }
    const key = `${chosen.period}|${chosen.price}|${JSON.stringify(funding)}`;
    const purchaseId = pendingId.current?.key === key ? pendingId.current.id : crypto.randomUUID();
    pendingId.current = { key, id: purchaseId };
    setNotice(null);
    setPhase({ name: 'paying' });
    try {
      const answer = await buyPass({
        purchaseId,
        creator: profile.data.username,
        period: chosen.period,
        expectedAmount: chosen.price,
        funding,
      });
      if (answer.purchase.status === 'completed') finish();
      else if (answer.purchase.status === 'failed') {
        setPhase({ name: 'failed', message: answer.purchase.failureReason ?? WALLET_MESSAGES.failed });
      } else setPhase({ name: 'waiting', purchaseId });
    } catch (error) {
      const isUnanswered = !(error instanceof ApiError) || error.status >= 500;
      if (!isUnanswered) pendingId.current = null;
      if (error instanceof ApiError && (error.status === 402 || error.code === 'PRICE_CHANGED')) {
        // The wallet or the price moved meanwhile: read them again and let the fan choose.
        void queryClient.invalidateQueries({ queryKey: profilesQueryKey });
        scheduleWalletRefresh(queryClient);
        setNotice(error.message);
        setPhase({ name: 'choose' });
        return;
      }
      setPhase({ name: 'failed', message: error instanceof ApiError ? error.message : genericErrorMessage });
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase.name === 'choose') void pay();
    else if (phase.name === 'failed') setPhase({ name: 'choose' });
    else if (phase.name === 'done') closeModal();
  }

  if (!username) return <p className="join__note">Open a creator's page to join it.</p>;
  if (profile.isPending) return <p className="modal__loading">Loading…</p>;
  if (!profile.data) return <p role="alert">{genericErrorMessage}</p>;
  const name = profile.data.name || formatUsername(username);
  if (profile.data.profileInteraction === 'AUTHOR') {
    return <p className="join__note">This is your own page: set your prices from it.</p>;
  }
  if (prices.length === 0 || !chosen) {
    return <p className="join__note">{name} does not offer a pass yet.</p>;
  }

  const isLocked = phase.name !== 'choose';
  const isBusy = phase.name === 'paying' || phase.name === 'waiting';
  const buttonLabel =
    phase.name === 'paying'
      ? WALLET_MESSAGES.processing
      : phase.name === 'waiting'
        ? WALLET_MESSAGES.waiting
        : phase.name === 'done'
          ? 'Close'
          : phase.name === 'failed'
            ? WALLET_MESSAGES.tryAgain
            : isShort
              ? `Top up ${formatKwacha(shortfall)} and pay`
              : `Pay ${formatKwacha(chosen.price)}`;

  return (
    <form className="join" noValidate onSubmit={handleSubmit} aria-label={`Join ${name}`}>
      <p className="join__lead">Join {name} to unlock everything they post while your pass runs.</p>
      {profile.data.passExpiresAt ? (
        <p className="join__current">
          <span className="badge badge--success">Subscribed</span> until{' '}
          {formatPassExpiry(profile.data.passExpiresAt)}. A new pass adds to it.
        </p>
      ) : null}
      <fieldset className="join__fields" disabled={isLocked}>
        <RadioGroup
          legend="Choose a pass"
          name="pass-period"
          choices={prices.map((price) => ({
            value: price.period,
            label: `${formatPeriodTitle(price.period)} · ${formatPassPrice(price)}`,
          }))}
          value={chosen.period}
          onChange={(value) => setPeriod(value)}
        />
        <p className="join__balance">
          <span>Wallet balance</span>{' '}
          <strong data-testid="join-balance">
            {walletAmount === undefined ? '…' : formatKwacha(walletAmount)}
          </strong>
        </p>
        {isShort ? (
          <div className="join__shortfall">
            <p>
              Your wallet is short by <strong data-testid="join-shortfall">{formatKwacha(shortfall)}</strong>.
              Top it up by mobile money and the pass is paid with it.
            </p>
            {savedNumbers.length > 0 ? (
              <RadioGroup
                legend="Pay with"
                name="join-payer"
                choices={[
                  ...savedNumbers.map((method) => ({ value: method._id, label: method.phone })),
                  { value: NEW_NUMBER, label: 'Another number' },
                ]}
                value={chosenPayer}
                onChange={(value) => {
                  setPayer(value);
                  setPhoneError(undefined);
                }}
              />
            ) : null}
            {chosenPayer === NEW_NUMBER ? (
              <TextField
                ref={phoneRef}
                label="Mobile money number"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="0971234567"
                value={phone}
                onChange={(event) => {
                  setPhone(event.target.value);
                  setPhoneError(undefined);
                }}
                hint="An MTN, Airtel or Zamtel number, such as 0971234567 or +260971234567."
                error={phoneError}
              />
            ) : null}
          </div>
        ) : null}
      </fieldset>
      <div role="status" className="join__status">
        {notice ? <p>{notice}</p> : null}
        {phase.name === 'waiting' ? <p>{WALLET_MESSAGES.promptSent}</p> : null}
        {phase.name === 'failed' ? (
          <p className="join__error">
            {WALLET_MESSAGES.failed} {phase.message}
          </p>
        ) : null}
        {phase.name === 'done' ? (
          <p>
            {WALLET_MESSAGES.completed}. <span className="badge badge--success">Subscribed</span>
            {profile.data.passExpiresAt ? ` until ${formatPassExpiry(profile.data.passExpiresAt)}` : ''}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        className={
          phase.name === 'done'
            ? 'button button--secondary form__submit'
            : 'button button--primary form__submit'
        }
        aria-disabled={isBusy || undefined}
        aria-busy={isBusy || undefined}
      >
        {buttonLabel}
      </button>
    </form>
  );
}
