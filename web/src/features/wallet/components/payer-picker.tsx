import { formatZambianPhone, OPERATORS } from '@stagepass/contract/mobile-money';
import type { Ref } from 'react';
import { predictTypedOperator } from '../../../lib/phone-entry';
import { TextField } from '../../../ui/form-fields';
import { OperatorBadge } from '../../../ui/operator-badge';
import { RadioGroup } from '../../../ui/radio-group';
import type { TMobileMoneyMethod } from '../api/get-payment-methods';

/** A saved method's id, or 'new' for a number typed now. */
export type PayerChoice = string;
export const NEW_NUMBER = 'new';

type PayerPickerProps = {
  methods: TMobileMoneyMethod[];
  choice: PayerChoice;
  onChoiceChange: (choice: PayerChoice) => void;
  phone: string;
  onPhoneChange: (phone: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * Which mobile money number pays: one of the saved numbers (the preferred one chosen at
 * first) or a number typed now, whose operator shows as soon as its prefix is typed.
 */
export function PayerPicker({
  methods,
  choice,
  onChoiceChange,
  phone,
  onPhoneChange,
  error,
  inputRef,
}: PayerPickerProps) {
  const isTyping = methods.length === 0 || choice === NEW_NUMBER;
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

  if (methods.length === 0) return phoneField;
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
    { value: NEW_NUMBER, label: <span className="payer-option__label">Another number</span> },
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
