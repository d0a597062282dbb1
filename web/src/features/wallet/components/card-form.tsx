import { type ChangeEvent, useState } from 'react';
import { ApiError, genericErrorMessage } from '../../../lib/api-client';
import { readFailureMessage } from '../../../lib/form-request';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { FormFailure } from '../../../ui/form-failure';
import { TextField } from '../../../ui/form-fields';
import { SubmitButton } from '../../../ui/submit-button';
import { useAddCard } from '../api/add-card';
import { tokenizeCard } from '../api/tokenize-card';
import { findCardMessageField, normalizeCardEntry, ZCardEntry } from '../card-entry';
import { type TypedValue, typeCardNumber, typeExpiry } from '../card-typing';

type CardFormProps = { tokenizeUrl: string; onAdded: (message: string) => void };

type Typing = (edit: TypedValue & { previous: string; inputType?: string }) => TypedValue;

/**
 * Formats a field in place as it is typed, before the form reads it: the input is not
 * controlled by React, so the caret set here stays where it is put.
 */
function formatAsTyped(typing: Typing) {
  let previous = '';
  return (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const { value, caret } = typing({
      value: input.value,
      caret: input.selectionStart ?? input.value.length,
      previous,
      inputType: (event.nativeEvent as InputEvent).inputType,
    });
    input.value = value;
    if (document.activeElement === input) input.setSelectionRange(caret, caret);
    previous = value;
  };
}

/**
 * The Add a Card form (spec: "Card form"): every field required, the number grouped in
 * fours and the expiry as MM/YY as they are typed, and every wrong field flagged at once
 * before anything is sent. The card goes to the processor's tokeniser; our API gets the
 * token only.
 */
export function CardForm({ tokenizeUrl, onAdded }: CardFormProps) {
  const form = useZodForm(ZCardEntry, { defaultValues: { cardNumber: '', expires: '', cvc: '' } });
  const [formatters] = useState(() => ({
    cardNumber: formatAsTyped(typeCardNumber),
    expires: formatAsTyped(typeExpiry),
  }));

  /** A field formatted as typed: the formatting runs before the form reads the value. */
  function registerFormattedField(name: keyof typeof formatters) {
    const field = form.registerField(name);
    return {
      ...field,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        formatters[name](event);
        return field.onChange(event);
      },
    };
  }

  const [isPreferred, setIsPreferred] = useState(false);
  const addCard = useAddCard();
  const isPending = form.formState.isSubmitting;

  const handleSubmit = form.handleSubmit(async (values) => {
    let token: string;
    try {
      ({ token } = await tokenizeCard(tokenizeUrl, normalizeCardEntry(values)));
    } catch (error) {
      const message = readFailureMessage(error);
      const field = error instanceof ApiError ? findCardMessageField({ code: error.code, message }) : 'root';
      form.setError(field, { message }, { shouldFocus: field !== 'root' });
      return;
    }
    try {
      const answer = await addCard.mutateAsync({ token, preffered: isPreferred });
      onAdded(answer.message ?? 'Your card has been saved.');
    } catch (error) {
      toast.error(genericErrorMessage);
      form.setError('root', { message: readFailureMessage(error) });
    }
  });

  return (
    <form className="form" noValidate onSubmit={handleSubmit}>
      <FormFailure message={form.formState.errors.root?.message} />
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
        maxLength={23}
        {...registerFormattedField('cardNumber')}
      />
      <div className="card-form__row">
        <TextField
          label="Expires"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
          {...registerFormattedField('expires')}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          {...form.registerField('cvc')}
        />
      </div>
      <label className="checkbox-field">
        <input
          type="checkbox"
          checked={isPreferred}
          onChange={(event) => setIsPreferred(event.target.checked)}
        />
        <span>Make this my preferred payment method</span>
      </label>
      <SubmitButton isPending={isPending}>{isPending ? 'Saving…' : 'Add card'}</SubmitButton>
    </form>
  );
}
