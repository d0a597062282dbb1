import { CARD_TOPUP_LIMITS } from '@stagepass/contract/card-topup-texts';
import { OPERATORS } from '@stagepass/contract/mobile-money';
import { type FormEvent, useRef, useState } from 'react';
import { formatKwacha } from '../../../lib/money';
import { checkTypedPhone } from '../../../lib/phone-entry';
import { usePaymentMethods } from '../api/get-payment-methods';
import { findTopupLimit, useTopupLimits } from '../api/get-topup-limits';
import { useWalletBalance } from '../api/get-wallet';
import { CARD_TAKING_LONG_NOTICE, isFormLocked, readButtonLabel, readStatusMessages } from '../deposit-flow';
import { checkTopupAmount } from '../topup-amount';
import { useCardTopupFlow } from '../use-card-topup-flow';
import { useDepositFlow } from '../use-deposit-flow';
import { useTakingLong } from '../use-taking-long';
import { AmountPicker } from './amount-picker';
import { FlowOutcome } from './flow-outcome';
import {
  chooseDefaultPayer,
  findChosenCard,
  NEW_NUMBER,
  type PayerChoice,
  PayerPicker,
} from './payer-picker';

type TopupPanelProps = {
  /** A whole kwacha amount to start with ('20'), or ''. */
  initialAmount: string;
  closeModal: () => void;
  setTitle: (title: string | null) => void;
};

type FieldErrors = { amount?: string; phone?: string };

/**
 * The Topup panel: an amount, the mobile money number or saved card that pays, and the
 * spec's deposit flow (deposit-flow.ts) from Pay to the operator's answer; a card goes
 * through the same phases and words (use-card-topup-flow.ts).
 */
export function TopupPanel({ initialAmount, closeModal, setTitle }: TopupPanelProps) {
  const paymentMethods = usePaymentMethods();
  const limits = useTopupLimits();
  const balance = useWalletBalance();
  const deposit = useDepositFlow({ setTitle });
  const card = useCardTopupFlow({ setTitle });
  // One flow at a time: a card's once it has started (or the bank's check brought us back).
  const { flow, tryAgain } = card.flow.phase !== 'idle' ? card : deposit;
  const [amount, setAmount] = useState(initialAmount);
  const [payerChoice, setPayerChoice] = useState<PayerChoice | null>(null);
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const amountRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);

  const savedNumbers = paymentMethods.data?.mobileMoney ?? [];
  const savedCards = paymentMethods.data?.cards ?? [];
  const chosenPayer = payerChoice ?? chooseDefaultPayer(savedNumbers, savedCards);
  const chosenCard = findChosenCard(savedCards, chosenPayer);
  const isLocked = isFormLocked(flow);

  /** The number that pays, checked; its error otherwise. */
  function readPayer() {
    const saved = savedNumbers.find((method) => method._id === chosenPayer);
    if (saved && chosenPayer !== NEW_NUMBER) {
      return { msisdn: saved.phone, operator: OPERATORS[saved.correspondent] };
    }
    return checkTypedPhone(phone);
  }

  function pay() {
    if (chosenCard) {
      const amountCheck = checkTopupAmount(amount, CARD_TOPUP_LIMITS);
      setErrors({ amount: amountCheck.error });
      if (amountCheck.error !== undefined) return amountRef.current?.focus();
      return void card.startCardTopup({ ngwee: amountCheck.ngwee, paymentMethodId: chosenCard._id });
    }
    const payer = readPayer();
    const operator = payer.error === undefined ? payer.operator : undefined;
    const amountCheck = checkTopupAmount(amount, findTopupLimit(limits.data, operator?.correspondent));
    const nextErrors: FieldErrors = { amount: amountCheck.error, phone: payer.error };
    setErrors(nextErrors);
    if (amountCheck.error !== undefined || payer.error !== undefined) {
      (nextErrors.amount ? amountRef : phoneRef).current?.focus();
      return;
    }

    void deposit.startDeposit({
      ngwee: amountCheck.ngwee,
      msisdn: payer.msisdn,
      correspondent: payer.operator.correspondent,
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // One button for the whole flow: Pay, then (busy) nothing, then Close or Try again.
    if (flow.phase === 'idle') pay();
    else if (flow.phase === 'failed') tryAgain();
    else if (flow.phase === 'completed') closeModal();
  }

  // A card top-up still undecided after a minute (a bank check left open) is explained as
  // the mobile money one is (deposit-flow.ts).
  const isCardTakingLong = useTakingLong(card.flow.phase === 'processing');
  const messages = isCardTakingLong
    ? [...readStatusMessages(flow), CARD_TAKING_LONG_NOTICE]
    : readStatusMessages(flow);
  const isBusy = flow.phase === 'processing' || flow.phase === 'waiting';
  const statusTone =
    flow.phase === 'completed'
      ? 'success'
      : flow.phase === 'failed'
        ? 'error'
        : flow.phase === 'waiting'
          ? 'info'
          : 'none';

  return (
    <form className="topup" noValidate onSubmit={handleSubmit} aria-label="Top up your wallet">
      <p className="topup__balance">
        <span>Wallet balance</span>{' '}
        <strong data-testid="topup-balance">{balance.data ? formatKwacha(balance.data.amount) : '…'}</strong>
      </p>
      <fieldset className="topup__fields" disabled={isLocked}>
        <AmountPicker
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setErrors((current) => ({ ...current, amount: undefined }));
          }}
          error={errors.amount}
          inputRef={amountRef}
        />
        {paymentMethods.isPending ? (
          <p className="topup__note">Loading your numbers and cards…</p>
        ) : (
          <PayerPicker
            methods={savedNumbers}
            cards={savedCards}
            choice={chosenPayer}
            onChoiceChange={(choice) => {
              setPayerChoice(choice);
              setErrors((current) => ({ ...current, phone: undefined }));
            }}
            phone={phone}
            onPhoneChange={(value) => {
              setPhone(value);
              setErrors((current) => ({ ...current, phone: undefined }));
            }}
            error={errors.phone}
            inputRef={phoneRef}
          />
        )}
      </fieldset>
      <FlowOutcome
        messages={messages}
        tone={statusTone}
        isProcessing={flow.phase === 'processing'}
        isBusy={isBusy}
        isCompleted={flow.phase === 'completed'}
        buttonLabel={readButtonLabel(flow)}
        phase={flow.phase}
      />
    </form>
  );
}
