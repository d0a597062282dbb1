import { TOPUP_PRESETS } from '@stagepass/contract/wallet';
import type { Ref } from 'react';
import { formatKwacha } from '../../../lib/money';
import { TextField } from '../../../ui/form-fields';

type AmountPickerProps = {
  /** The amount as typed, in whole kwacha ('20'). */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
};

/** The spec's presets (K10 … K100) as toggle buttons, and the amount field they fill. */
export function AmountPicker({ value, onChange, error, inputRef }: AmountPickerProps) {
  return (
    <div className="amount-picker">
      <fieldset className="amount-picker__presets">
        <legend className="visually-hidden">Amounts</legend>
        {TOPUP_PRESETS.map((kwacha) => (
          <button
            key={kwacha}
            type="button"
            className="amount-chip"
            aria-pressed={value.trim() === String(kwacha)}
            onClick={() => onChange(String(kwacha))}
          >
            {formatKwacha(kwacha * 100)}
          </button>
        ))}
      </fieldset>
      <TextField
        ref={inputRef}
        label="Amount in kwacha"
        inputMode="numeric"
        autoComplete="off"
        hint="Choose an amount above or type a whole number of kwacha."
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
      />
    </div>
  );
}
