import {
  CREATOR_CATEGORIES,
  type TSessionUser,
  type TSetAccountTypeRequest,
  ZSetAccountTypeRequest,
} from '@stagepass/contract/auth';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, genericErrorMessage } from '../../../lib/api-client';
import { readFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { focusFirstInvalidControl, SelectField } from '../../../ui/form-fields';
import { type TSessionUserResponse, useSetAccountType } from '../api/set-account-type';
import { defaultLandingPage } from '../sign-in-sequence';
import '../auth-forms.css';

type AccountTypeName = TSetAccountTypeRequest['name'];
type Category = NonNullable<TSetAccountTypeRequest['cartegory']>;

const accountTypes: { name: AccountTypeName; title: string; text: string }[] = [
  { name: 'fan', title: 'Fan', text: 'Follow creators, unlock their content and send tips.' },
  { name: 'creator', title: 'Creator', text: 'Publish video, audio, text and photos, and get paid.' },
];

const chooseTypeMessage = 'Choose Fan or Creator.';

/** 'music artist' → 'Music artist'. */
const formatCategory = (category: string) => category.charAt(0).toUpperCase() + category.slice(1);

/** Fan or creator (with a category); fans then find creators, creators open their profile. */
export function AccountTypeForm({ user }: { user: TSessionUser }) {
  const [name, setName] = useState<AccountTypeName | null>(user.account_type?.name ?? null);
  const [category, setCategory] = useState<Category | ''>(user.account_type?.cartegory ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const typeErrorId = useId();
  const navigate = useNavigate();
  const setAccountType = useSetAccountType();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name) {
      setErrors({ name: chooseTypeMessage });
      formRef.current?.querySelector<HTMLButtonElement>('.choice__button')?.focus();
      return;
    }
    const parsed = ZSetAccountTypeRequest.safeParse({
      name,
      cartegory: name === 'creator' ? category || null : null,
    });
    if (!parsed.success) {
      setErrors(readFieldErrors(parsed.error.issues));
      focusFirstInvalidControl(formRef.current);
      return;
    }
    setErrors({});
    setFailure(null);
    let answer: TSessionUserResponse;
    try {
      answer = await setAccountType.mutateAsync(parsed.data);
    } catch (error) {
      toast.error(genericErrorMessage);
      setFailure(error instanceof ApiError ? error.message : genericErrorMessage);
      return;
    }
    const isCreator = answer.user.account_type?.name === 'creator';
    navigate(isCreator ? `/${answer.user.username}` : defaultLandingPage, { replace: true });
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      {failure ? (
        <p className="form__notice form__notice--error" role="alert">
          {failure}
        </p>
      ) : null}
      <fieldset className="choice-group">
        <legend className="choice-group__legend">I am joining as</legend>
        {accountTypes.map((type) => (
          // The whole card answers a click (the button stretches over it in CSS); the button's
          // name stays 'Fan' or 'Creator', its text a description.
          <div key={type.name} className="choice">
            <button
              type="button"
              className="choice__button"
              aria-describedby={`${typeErrorId}-${type.name}${errors.name ? ` ${typeErrorId}` : ''}`}
              aria-pressed={name === type.name}
              onClick={() => {
                setName(type.name);
                setErrors({});
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
      {errors.name ? (
        <p id={typeErrorId} className="field__error">
          {errors.name}
        </p>
      ) : null}
      {name === 'creator' ? (
        <SelectField
          label="Category"
          name="cartegory"
          value={category}
          onChange={(event) => {
            setCategory(event.target.value as Category);
            setErrors({});
          }}
          error={errors.cartegory}
        >
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
      <button
        type="submit"
        className="button button--primary form__submit"
        disabled={setAccountType.isPending}
        aria-busy={setAccountType.isPending}
      >
        Continue
      </button>
    </form>
  );
}
