import { type ReactNode, useId } from 'react';
import './switch.css';

type SwitchProps = {
  /** The visible label, which names the switch. */
  label: ReactNode;
  isOn: boolean;
  onToggle: (isOn: boolean) => void;
  /** Said under the switch and read as its description. */
  note?: ReactNode;
};

/**
 * An on/off setting: a button with the switch role (Space or Enter toggles it), named by
 * its visible label, with its note as the description. What toggling does (optimistic,
 * put back with a toast on a refusal) is the caller's.
 */
export function Switch({ label, isOn, onToggle, note }: SwitchProps) {
  const labelId = useId();
  const noteId = useId();
  return (
    <div className="switch">
      <button
        type="button"
        role="switch"
        aria-checked={isOn}
        aria-labelledby={labelId}
        aria-describedby={note ? noteId : undefined}
        className="switch__button"
        onClick={() => onToggle(!isOn)}
      >
        <span className="switch__track" aria-hidden="true">
          <span className="switch__thumb" />
        </span>
        <span id={labelId} className="switch__label">
          {label}
        </span>
        <span className="switch__state" aria-hidden="true">
          {isOn ? 'On' : 'Off'}
        </span>
      </button>
      {note ? (
        <div id={noteId} className="switch__note">
          {note}
        </div>
      ) : null}
    </div>
  );
}
