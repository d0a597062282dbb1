import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError, genericErrorMessage } from './api-client';
import { toast } from './toast';

/** The words for a failed request: our API's own message, or the spec's generic one. */
export function readFailureMessage(error: unknown) {
  return error instanceof ApiError ? error.message : genericErrorMessage;
}

/** What sending a form needs of it. */
type RequestForm<TInput extends FieldValues, TOutput> = Pick<
  UseFormReturn<TInput, unknown, TOutput>,
  'handleSubmit' | 'setError'
>;

type FormRequest<TInput extends FieldValues, TOutput, TAnswer> = {
  /** Sends the parsed values, e.g. a mutation's mutateAsync. */
  send: (values: TOutput) => Promise<TAnswer>;
  onSuccess: (answer: TAnswer, values: TOutput) => void;
  /**
   * Where a failure is said: in the form's notice ('root', the default), or under a field,
   * which then takes the focus.
   */
  failureAt?: 'root' | FieldPath<TInput>;
  /** Takes over from failureAt, for a failure that calls for more than words. */
  onFailure?: (error: unknown) => void;
};

/**
 * A form's submit handler: the values are checked by the form's schema, sent only when they
 * pass, and a failure is said where the form wants it.
 */
export function handleFormRequest<TInput extends FieldValues, TOutput, TAnswer>(
  form: RequestForm<TInput, TOutput>,
  { send, onSuccess, failureAt = 'root', onFailure }: FormRequest<TInput, TOutput, TAnswer>,
) {
  return form.handleSubmit(async (values) => {
    let answer: TAnswer;
    try {
      answer = await send(values);
    } catch (error) {
      if (onFailure) onFailure(error);
      else showFailure(form, failureAt, readFailureMessage(error));
      return;
    }
    onSuccess(answer, values);
  });
}

function showFailure<TInput extends FieldValues, TOutput>(
  form: RequestForm<TInput, TOutput>,
  at: 'root' | FieldPath<TInput>,
  message: string,
) {
  if (at !== 'root') return form.setError(at, { message }, { shouldFocus: true });
  // The spec toasts its generic message when a form is refused; the notice says why.
  toast.error(genericErrorMessage);
  form.setError('root', { message });
}
