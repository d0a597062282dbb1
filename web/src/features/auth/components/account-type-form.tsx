import {
  CREATOR_CATEGORIES,
  type TSessionUser,
  type TSetAccountTypeRequest,
  ZSetAccountTypeRequest,
} from '@stagepass/contract/auth';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { handleFormRequest } from '../../../lib/form-request';
import { formatCategory } from '../../../lib/format-creator';
import { useZodForm } from '../../../lib/use-zod-form';
import { FormFailure } from '../../../ui/form-failure';
import { SelectField } from '../../../ui/form-fields';
import { SubmitButton } from '../../../ui/submit-button';
import { useSetAccountType } from '../api/set-account-type';
import { decideAfterSignIn } from '../sign-in-sequence';
import { useNextPage, useRunNextStep } from '../use-run-next-step';
import '../auth-forms.css';

type AccountTypeName = TSetAccountTypeRequest['name'];

const accountTypes: { name: AccountTypeName; title: string; text: string }[] = [
  { name: 'fan', title: 'Fan', text: 'Follow creators, unlock their content and send tips.' },
  { name: 'creator', title: 'Creator', text: 'Publish video, audio, text and photos, and get paid.' },
];

const chooseTypeMessage = 'Choose Fan or Creator.';

type AccountTypeFormProps = {
  user: TSessionUser;
  /** The role chosen before a social sign-up, preselected when the account has none yet. */
  suggestedName?: AccountTypeName | null;
};

/** Fan or creator (with a category); then the security question, and on to find creators or the profile. */
export function AccountTypeForm({ user, suggestedName }: AccountTypeFormProps) {
  const form = useZodForm(ZSetAccountTypeRequest, {
    defaultValues: {
      name: user.account_type?.name ?? suggestedName ?? undefined,
      cartegory: user.account_type?.cartegory ?? null,
    },
    // Nothing chosen yet: zod's own message for the enum would list its values.
    issueMessage: (issue) => (issue.path?.[0] === 'name' ? chooseTypeMessage : undefined),
  });
  // The cards are buttons, not an input, so the choice is a controlled value.
  const { field: typeField, fieldState: typeState } = useController({ control: form.control, name: 'name' });
  const typeErrorId = useId();
  const nextPage = useNextPage();
  const runNextStep = useRunNextStep();
  const setAccountType = useSetAccountType();
  const handleSubmit = handleFormRequest(form, {
    // A category chosen before switching back to Fan stays in the form but is not sent.
    send: ({ name, cartegory }) =>
      setAccountType.mutateAsync({ name, cartegory: name === 'creator' ? cartegory : null }),
    // The rest of the sign-in sequence: a new account sets its security question next, then
    // goes where signing in was going.
    onSuccess: (answer) => runNextStep(decideAfterSignIn({ user: answer.user, options: '', nextPage })),
  });

  return (
    <form className="form" noValidate onSubmit={handleSubmit}>
      <FormFailure message={form.formState.errors.root?.message} />
      <fieldset className="choice-group">
        <legend className="choice-group__legend">I am joining as</legend>
        {accountTypes.map((type, index) => (
          // The whole card answers a click (the button stretches over it in CSS); the button's
          // name stays 'Fan' or 'Creator', its text a description.
          <div key={type.name} className="choice">
            <button
              type="button"
              className="choice__button"
              // The first card takes the focus when no type is chosen.
              ref={index === 0 ? typeField.ref : undefined}
              aria-describedby={`${typeErrorId}-${type.name}${typeState.error ? ` ${typeErrorId}` : ''}`}
              aria-pressed={typeField.value === type.name}
              onClick={() => {
                typeField.onChange(type.name);
                form.clearErrors(['name', 'cartegory']);
              }}
            >
              {type.title}
            </button>
            <p className="choice__text" id={`${typeErrorId}-${type.name}`}>
              {type.text}
            </p>
          </div>
        ))}
      </fieldset>
      {typeState.error ? (
        <p id={typeErrorId} className="field__error">
          {typeState.error.message}
        </p>
      ) : null}
      {typeField.value === 'creator' ? (
        <SelectField label="Category" {...form.registerField('cartegory')}>
          <option value="" disabled>
            Choose a category
          </option>
          {CREATOR_CATEGORIES.map((option) => (
            <option key={option} value={option}>
              {formatCategory(option)}
            </option>
          ))}
        </SelectField>
      ) : null}
      <SubmitButton isPending={setAccountType.isPending}>Continue</SubmitButton>
    </form>
  );
}
