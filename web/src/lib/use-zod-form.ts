import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldPath,
  type FieldValues,
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
 * values. Fields are checked on submit only, and the first invalid one takes the focus.
 * After a failed submit an edited field's error simply goes rather than being checked again
 * on every key: half an email address is not wrong yet.
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
    shouldFocusError: true,
  });

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

  return { ...form, registerField };
}
