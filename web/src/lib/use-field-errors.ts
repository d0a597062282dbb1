import { useId, useState } from 'react';
import { ApiError } from './api-client';
import { readFailureMessage } from './form-request';
import { toast } from './toast';

type FieldErrorsOptions<TField extends string> = {
  /** The fields in the order they are laid out, so the first one that fails takes the focus. */
  fieldOrder: readonly TField[];
  /** A refusal of the server about one field (its name in the request), said under that field. */
  serverFields: Record<string, TField>;
};

/**
 * The errors of a form kept in component state (the create forms of videos and tracks): each
 * said under its field, the first failing field focused, one cleared as its field changes,
 * and the server's refusal said in a toast and under its field. Each control's id is
 * `controlId(field)`.
 */
export function useFieldErrors<TField extends string>({
  fieldOrder,
  serverFields,
}: FieldErrorsOptions<TField>) {
  type Errors = Partial<Record<TField, string>>;
  const baseId = useId();
  const [errors, setErrors] = useState<Errors>({});
  const controlId = (field: TField) => `${baseId}-${field}`;
  const clearError = (field: TField) => setErrors(({ [field]: _, ...rest }) => rest as Errors);

  function showErrors(found: Errors) {
    setErrors(found);
    const first = fieldOrder.find((field) => found[field]);
    if (first) document.getElementById(controlId(first))?.focus();
  }

  /** A change of one field's value, which takes its error away. */
  function clearErrorOnChange<TValue>(field: TField, setValue: (value: TValue) => void) {
    return (value: TValue) => {
      setValue(value);
      clearError(field);
    };
  }

  /** The draft when its check found nothing wrong; otherwise undefined, and the errors shown. */
  function takeCheckedDraft<TDraft>(
    result: { draft: TDraft; errors?: never } | { draft?: never; errors: Errors },
  ): TDraft | undefined {
    if (result.errors) {
      showErrors(result.errors);
      return undefined;
    }
    setErrors({});
    return result.draft;
  }

  /** A refusal of the server: said in a toast, and under its field when it names one. */
  function showFailure(error: Error) {
    toast.error(readFailureMessage(error));
    const field = error instanceof ApiError && error.field ? serverFields[error.field] : undefined;
    if (field) showErrors({ [field]: error.message } as Errors);
  }

  return { baseId, errors, controlId, clearError, clearErrorOnChange, takeCheckedDraft, showFailure };
}
