import { type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import './form.css';
import './radio-group.css';

export type RadioChoice<TValue extends string> = {
  value: TValue;
  label: ReactNode;
  /** A line under the label saying what the choice means. */
  hint?: ReactNode;
};

type Selection<TValue extends string> =
  /** Held in the component's state: the choice and what choosing does. */
  | { name: string; value: TValue | undefined; onChange: (value: TValue) => void; register?: never }
  /** Held by a form (react-hook-form), which also focuses the group when its check fails. */
  | { register: UseFormRegisterReturn; name?: never; value?: never; onChange?: never };

type RadioGroupProps<TValue extends string> = Selection<TValue> & {
  legend: ReactNode;
  choices: readonly RadioChoice<TValue>[];
  /** 'list' puts one choice a row, 'columns' side by side, 'chips' as small rounded chips. */
  layout?: 'list' | 'columns' | 'chips';
  /** Said under the choices and linked to the group. */
  error?: string;
  /** Extra class for the fieldset, for a feature's own touches. */
  className?: string;
  /** Inside the group after the choices: a field that one of them opens. */
  children?: ReactNode;
};

/** One choice among a few: native radio buttons in a fieldset, so arrow keys move between them. */
export function RadioGroup<TValue extends string>({
  legend,
  choices,
  layout = 'list',
  error,
  className,
  children,
  ...selection
}: RadioGroupProps<TValue>) {
  const errorId = useId();
  const classes = ['radio-group', `radio-group--${layout}`, className].filter(Boolean).join(' ');
  const optionClass = layout === 'chips' ? 'radio-chip' : 'radio-option';
  return (
    <fieldset className={classes} aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">{legend}</legend>
      <div className="radio-group__choices">
        {choices.map((choice) => (
          <label key={choice.value} className={optionClass}>
            <input
              type="radio"
              value={choice.value}
              {...(selection.register
                ? selection.register
                : {
                    name: selection.name,
                    checked: selection.value === choice.value,
                    onChange: () => selection.onChange(choice.value),
                  })}
            />
            {choice.hint ? (
              <span>
                <span className="radio-option__label">{choice.label}</span>
                <span className="radio-option__hint">{choice.hint}</span>
              </span>
            ) : (
              <span className={layout === 'chips' ? undefined : 'radio-option__label'}>{choice.label}</span>
            )}
          </label>
        ))}
      </div>
      {children}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
