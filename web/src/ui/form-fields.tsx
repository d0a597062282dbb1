import { type ComponentProps, type ReactNode, useId } from 'react';
import './form.css';

type FieldFrameProps = {
  /** The visible label. */
  label: string;
  /** Shown under the control and linked to it; marks the control invalid. */
  error?: ReactNode;
  /** Help or status under the control, also linked to it. */
  hint?: ReactNode;
  /** Extra class for the hint, e.g. 'field__hint--success'. */
  hintClassName?: string;
  /** The control's id; one is made up when none is given. */
  id?: string;
};

/** What ties a control to its label, hint and error. */
type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** The label, hint and error around one control, linked by id, aria-describedby and aria-invalid. */
function FieldFrame({
  label,
  error,
  hint,
  hintClassName,
  id,
  renderControl,
}: FieldFrameProps & { renderControl: (controlProps: ControlProps) => ReactNode }) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  // A hint that states the rule the error repeats is said once, as the error.
  const shownHint = error && hint === error ? undefined : hint;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [shownHint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={controlId} className="field__label">
        {label}
      </label>
      {renderControl({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {shownHint ? (
        <div id={hintId} className={hintClassName ? `field__hint ${hintClassName}` : 'field__hint'}>
          {shownHint}
        </div>
      ) : null}
      {error ? (
        <div id={errorId} className="field__error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

type TextFieldProps = FieldFrameProps & ComponentProps<'input'>;

/** A labelled input with its hint and error. */
export function TextField({
  label,
  error,
  hint,
  hintClassName,
  id,
  className,
  ...inputProps
}: TextFieldProps) {
  return (
    <FieldFrame
      {...{ label, error, hint, hintClassName, id }}
      renderControl={(controlProps) => (
        <input className={`field__control ${className ?? ''}`} {...inputProps} {...controlProps} />
      )}
    />
  );
}

type SelectFieldProps = FieldFrameProps & Omit<ComponentProps<'select'>, 'className'>;

/** A labelled native select (the platform's own picker on phones) with its hint and error. */
export function SelectField({
  label,
  error,
  hint,
  hintClassName,
  id,
  children,
  ...selectProps
}: SelectFieldProps) {
  return (
    <FieldFrame
      {...{ label, error, hint, hintClassName, id }}
      renderControl={(controlProps) => (
        <select className="field__control" {...selectProps} {...controlProps}>
          {children}
        </select>
      )}
    />
  );
}

type TextAreaFieldProps = FieldFrameProps & Omit<ComponentProps<'textarea'>, 'className'>;

/** A labelled textarea with its hint (e.g. a character counter) and error. */
export function TextAreaField({
  label,
  error,
  hint,
  hintClassName,
  id,
  ...textareaProps
}: TextAreaFieldProps) {
  return (
    <FieldFrame
      {...{ label, error, hint, hintClassName, id }}
      renderControl={(controlProps) => (
        <textarea className="field__control field__control--multiline" {...textareaProps} {...controlProps} />
      )}
    />
  );
}
