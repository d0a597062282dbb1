import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import {
  type Control,
  type FieldPath,
  type FieldValues,
  get,
  type RegisterOptions,
  type UseFormProps,
  useForm,
} from 'react-hook-form';

/** A zod 4 schema, as far as the resolver needs it: the values it takes and those it gives. */
type ZodSchema<TInput extends FieldValues, TOutput> = { _zod: { input: TInput; output: TOutput } };

/** The parts of a zod issue a form may word differently. */
type SchemaIssue = { path?: PropertyKey[] };

type ZodFormOptions<TInput extends FieldValues, TOutput> = Omit<
  UseFormProps<TInput, unknown, TOutput>,
  'resolver' | 'mode' | 'reValidateMode' | 'shouldFocusError'
> & {
  /** Words for an issue the schema leaves to zod's default message (zod's per-parse error map). */
  issueMessage?: (issue: SchemaIssue) => string | undefined;
};

type FieldOptions<TInput extends FieldValues, TName extends FieldPath<TInput>> = Pick<
  RegisterOptions<TInput, TName>,
  'onChange' | 'onBlur'
>;

/**
 * A react-hook-form form checked by a contract schema, whose submit handler gets the parsed
 * values. Fields are checked on submit only, and the first invalid field in the order the
 * person reads them takes the focus, however the errors came (a submit, trigger, setError
 * with shouldFocus): react-hook-form would focus the first in the order fields registered,
 * or the one named last. After a failed submit an edited field's error simply goes rather
 * than being checked again on every key: half an email address is not wrong yet.
 */
export function useZodForm<TInput extends FieldValues, TOutput>(
  schema: ZodSchema<TInput, TOutput>,
  { issueMessage, ...options }: ZodFormOptions<TInput, TOutput> = {},
) {
  const form = useForm<TInput, unknown, TOutput>({
    ...options,
    resolver: zodResolver(schema, issueMessage && { error: issueMessage }),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  // Focus waits for the render that marks the fields invalid (aria-invalid): a frame after
  // the request, since a submit publishes its errors a tick after calling onInvalid.
  const [focusRequest, setFocusRequest] = useState(0);
  const requestFocus = () => setFocusRequest((count) => count + 1);
  useEffect(() => {
    if (focusRequest === 0) return;
    const frame = requestAnimationFrame(() => focusFirstInvalidField(form.control));
    return () => cancelAnimationFrame(frame);
  }, [focusRequest, form.control]);

  const handleSubmit: typeof form.handleSubmit = (onValid, onInvalid) =>
    form.handleSubmit(onValid, (errors, event) => {
      requestFocus();
      return onInvalid?.(errors, event);
    });

  const setError: typeof form.setError = (name, error, setOptions) => {
    form.setError(name, error);
    if (setOptions?.shouldFocus) requestFocus();
  };

  const trigger: typeof form.trigger = async (name, triggerOptions) => {
    const isValid = await form.trigger(name, { ...triggerOptions, shouldFocus: false });
    if (!isValid && triggerOptions?.shouldFocus) requestFocus();
    return isValid;
  };

  /** What a TextField or SelectField needs to be one of this form's fields, error included. */
  function registerField<TName extends FieldPath<TInput>>(
    name: TName,
    { onChange, onBlur }: FieldOptions<TInput, TName> = {},
  ) {
    const registered = form.register(name, {
      onBlur,
      onChange: (event) => {
        form.clearErrors(name);
        onChange?.(event);
      },
    });
    return { ...registered, error: form.getFieldState(name, form.formState).error?.message };
  }

  return { ...form, handleSubmit, setError, trigger, focusFirstInvalid: requestFocus, registerField };
}

/**
 * Focuses the first control marked invalid in the form, in document order: the form is
 * found from any of its registered fields, so a field outside react-hook-form (a username
 * with its own check) counts too when it says aria-invalid.
 */
function focusFirstInvalidField<TInput extends FieldValues>(control: Control<TInput, unknown, unknown>) {
  const elements: HTMLElement[] = [];
  for (const name of control._names.mount) {
    // A dotted name ('country.code') is a path in react-hook-form's tree of fields.
    const field: { _f?: { ref?: unknown } } | undefined = get(control._fields, name);
    const ref = field?._f?.ref;
    if (ref instanceof HTMLElement && ref.isConnected) elements.push(ref);
  }
  const form = elements.map((element) => element.closest('form')).find(Boolean);
  const invalid = form
    ? [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')]
    : elements.filter((element) => element.getAttribute('aria-invalid') === 'true');
  invalid.find((element) => !element.matches(':disabled'))?.focus();
}
