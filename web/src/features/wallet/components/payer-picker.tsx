import { formatZambianPhone, OPERATORS } from '@stagepass/contract/mobile-money';
import type { Ref } from 'react';
import { predictTypedOperator } from '../../../lib/phone-entry';
import { TextField } from '../../../ui/form-fields';
import { OperatorBadge } from '../../../ui/operator-badge';
import { RadioGroup } from '../../../ui/radio-group';
import type { TCardMethod, TMobileMoneyMethod } from '../api/get-payment-methods';
import { formatCardBrand } from '../card-brand';

/** A saved number's id, 'card:' and a saved card's id, or 'new' for a number typed now. */
export type PayerChoice = string;
export const NEW_NUMBER = 'new';
const CARD_PREFIX = 'card:';

/** The saved card a choice names, or null for mobile money. */
export function findChosenCard(cards: TCardMethod[], choice: PayerChoice): TCardMethod | null {
  if (!choice.startsWith(CARD_PREFIX)) return null;
  return cards.find((card) => card._id === choice.slice(CARD_PREFIX.length)) ?? null;
}

/** The preferred method (one across numbers and cards), else the first saved number, else a number to type. */
export function chooseDefaultPayer(methods: TMobileMoneyMethod[], cards: TCardMethod[] = []): PayerChoice {
  const preferredCard = cards.find((card) => card.preffered);
  if (preferredCard) return `${CARD_PREFIX}${preferredCard._id}`;
  return (methods.find((method) => method.preffered) ?? methods[0])?._id ?? NEW_NUMBER;
}

type PayerPickerProps = {
  methods: TMobileMoneyMethod[];
  /** Saved cards, offered after the numbers where a card can pay. */
  cards?: TCardMethod[];
  choice: PayerChoice;
  onChoiceChange: (choice: PayerChoice) => void;
  phone: string;
  onPhoneChange: (phone: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * What pays: one of the saved numbers or cards (the preferred one chosen at first) or a
 * number typed now, whose operator shows as soon as its prefix is typed.
 */
export function PayerPicker({
  methods,
  cards = [],
  choice,
  onChoiceChange,
  phone,
  onPhoneChange,
  error,
  inputRef,
}: PayerPickerProps) {
  const isTyping = choice === NEW_NUMBER || (methods.length === 0 && cards.length === 0);
  const operator = predictTypedOperator(phone);
  const phoneField = (
    <TextField
      ref={inputRef}
      label="Mobile money number"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="0971234567"
      value={phone}
      onChange={(event) => onPhoneChange(event.target.value)}
      error={error}
      hint={
        operator ? (
          <span className="payer-picker__operator">
            <OperatorBadge operator={operator} size="small" />
            <span>mobile money</span>
          </span>
        ) : (
          'An MTN, Airtel or Zamtel number, such as 0971234567 or +260971234567.'
        )
      }
    />
  );

  if (methods.length === 0 && cards.length === 0) return phoneField;
  const choices = [
    ...methods.map((method) => ({
      value: method._id,
      label: (
        <span className="payer-option__method">
          <OperatorBadge operator={OPERATORS[method.correspondent] ?? method} size="small" />
          <span className="payer-option__phone">{formatZambianPhone(method.phone)}</span>
          {/* The settings lists' word for the preferred method. */}
          {method.preffered ? <span className="badge badge--success">Active</span> : null}
        </span>
      ),
    })),
    ...cards.map((card) => ({
      value: `${CARD_PREFIX}${card._id}`,
      label: (
        <span className="payer-option__method">
          <span className="payer-option__label">
            {formatCardBrand(card.brand)} •••• {card.last4}
          </span>
          {card.preffered ? <span className="badge badge--success">Active</span> : null}
        </span>
      ),
    })),
    {
      value: NEW_NUMBER,
      label: (
        <span className="payer-option__label">
          {methods.length > 0 ? 'Another number' : 'A mobile money number'}
        </span>
      ),
    },
  ];
  return (
    <RadioGroup
      legend="Pay with"
      className="payer-picker"
      name="payer"
      choices={choices}
      value={choice}
      onChange={onChoiceChange}
    >
      {isTyping ? phoneField : null}
    </RadioGroup>
  );
}
