import { formatZambianPhone, OPERATORS } from '@stagepass/contract/mobile-money';
import type { Ref } from 'react';
import { predictTypedOperator } from '../../../lib/phone-entry';
import { TextField } from '../../../ui/form-fields';
import { OperatorBadge } from '../../../ui/operator-badge';
import { RadioGroup } from '../../../ui/radio-group';
import type { TMobileMoneyMethod } from '../../wallet/api/get-payment-methods';

/** A saved number's id, or 'new' for a number typed now. */
export type RecipientChoice = string;
export const NEW_RECIPIENT = 'new';

/** The saved numbers with the preferred one first (the server's default too). */
export function sortRecipients(methods: TMobileMoneyMethod[]): TMobileMoneyMethod[] {
  return [...methods].sort((a, b) => Number(b.preffered) - Number(a.preffered));
}

type RecipientPickerProps = {
  /** Sorted, preferred first. */
  methods: TMobileMoneyMethod[];
  choice: RecipientChoice;
  onChoiceChange: (choice: RecipientChoice) => void;
  phone: string;
  onPhoneChange: (phone: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
};

/** Where the payout goes: one of the creator's saved mobile money numbers, or one typed now. */
export function RecipientPicker({
  methods,
  choice,
  onChoiceChange,
  phone,
  onPhoneChange,
  error,
  inputRef,
}: RecipientPickerProps) {
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
          <span className="recipient-picker__operator">
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
        <span className="recipient-option">
          <OperatorBadge operator={OPERATORS[method.correspondent] ?? method} size="small" />
          <span className="recipient-option__phone">{formatZambianPhone(method.phone)}</span>
          {method.preffered ? <span className="badge badge--success">Preferred</span> : null}
        </span>
      ),
    })),
    { value: NEW_RECIPIENT, label: <span className="recipient-option__label">Another number</span> },
  ];
  return (
    <RadioGroup
      legend="Pay to"
      className="recipient-picker"
      name="recipient"
      choices={choices}
      value={choice}
      onChange={onChoiceChange}
    >
      {choice === NEW_RECIPIENT ? phoneField : null}
    </RadioGroup>
  );
}
