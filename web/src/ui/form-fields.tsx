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
};

/** The ids and ARIA attributes that tie a control to its label, hint and error. */
function useFieldIds({ error, hint }: Pick<FieldFrameProps, 'error' | 'hint'>, id?: string) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return {
    controlId,
    hintId,
    errorId,
    controlProps: {
      id: controlId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}

function FieldMessages({
  hint,
  hintId,
  hintClassName,
  error,
  errorId,
}: Omit<FieldFrameProps, 'label'> & { hintId: string; errorId: string }) {
  return (
    <>
      {hint ? (
        <div id={hintId} className={`field__hint ${hintClassName ?? ''}`}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={errorId} className="field__error">
          {error}
        </div>
      ) : null}
    </>
  );
}

type TextFieldProps = FieldFrameProps & ComponentProps<'input'>;

/** A labelled input with its hint and error, linked by aria-describedby and aria-invalid. */
export function TextField({
  label,
  error,
  hint,
  hintClassName,
  id,
  className,
  ...inputProps
}: TextFieldProps) {
  const { controlId, hintId, errorId, controlProps } = useFieldIds({ error, hint }, id);
  return (
    <div className="field">
      <label htmlFor={controlId} className="field__label">
        {label}
      </label>
      <input className={`field__control ${className ?? ''}`} {...inputProps} {...controlProps} />
      <FieldMessages
        hint={hint}
        hintId={hintId}
        hintClassName={hintClassName}
        error={error}
        errorId={errorId}
      />
    </div>
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
  const { controlId, hintId, errorId, controlProps } = useFieldIds({ error, hint }, id);
  return (
    <div className="field">
      <label htmlFor={controlId} className="field__label">
        {label}
      </label>
      <select className="field__control" {...selectProps} {...controlProps}>
        {children}
      </select>
      <FieldMessages
        hint={hint}
        hintId={hintId}
        hintClassName={hintClassName}
        error={error}
        errorId={errorId}
      />
    </div>
  );
}

/** Moves focus to the first invalid control of a form once the errors have been drawn. */
export function focusFirstInvalidControl(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
