import { CREATOR_CATEGORIES } from '@stagepass/contract/auth';
import {
  ABOUT_MAX_LENGTH,
  BIO_MAX_LENGTH,
  GENDERS,
  PROFILE_MESSAGES,
  type TUpdateProfileRequest,
  ZUpdateProfileRequest,
} from '@stagepass/contract/profiles';
import { useState } from 'react';
import { type UseFormReturn, useController } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { readInvalidField } from '../../../lib/form-errors';
import { handleFormRequest, readFailureMessage } from '../../../lib/form-request';
import { formatCategory } from '../../../lib/format-creator';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { CountryField } from '../../../ui/country-field';
import { FormFailure } from '../../../ui/form-failure';
import { SelectField, TextAreaField, TextField } from '../../../ui/form-fields';
import { SubmitButton } from '../../../ui/submit-button';
import { UsernameField } from '../../../ui/username-field';
import { useUsernameStatus } from '../../auth/api/use-username-status';
import type { TProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { AvatarPicker } from './avatar-picker';

const genderLabels: Record<(typeof GENDERS)[number], string> = {
  female: 'Female',
  male: 'Male',
  'non-binary': 'Non-binary',
  'prefer-not-to-say': 'Prefer not to say',
};

/**
 * Creators must keep a category: the contract's field, without the null that fans send.
 * The cast keeps one form type for both; only the check differs.
 */
const creatorSchema = ZUpdateProfileRequest.extend({
  cartegory: ZUpdateProfileRequest.shape.cartegory.unwrap(),
}) as unknown as typeof ZUpdateProfileRequest;

type ProfileForm = UseFormReturn<
  TUpdateProfileRequest,
  unknown,
  ReturnType<typeof ZUpdateProfileRequest.parse>
>;

/** A control whose empty value means "not given": the contract's null. */
function useNullableField(form: ProfileForm, name: 'gender' | 'cartegory' | 'birthday' | 'phone') {
  const { field, fieldState } = useController({ control: form.control, name });
  return {
    name: field.name,
    ref: field.ref,
    onBlur: field.onBlur,
    value: field.value ?? '',
    onChange: (event: { target: { value: string } }) => {
      form.clearErrors(name);
      field.onChange(event.target.value.trim() === '' ? null : event.target.value);
    },
    error: fieldState.error?.message,
  };
}

/** 'YYYY-MM-DD' of today here: the birthday input's max. */
function today() {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** Spec 'Edit profile': every field of the profile, the avatar included; Save goes to /{username}. */
export function EditProfileForm({ profile }: { profile: TProfile }) {
  const isCreator = profile.account_type?.name === 'creator';
  const form = useZodForm(isCreator ? creatorSchema : ZUpdateProfileRequest, {
    defaultValues: {
      name: profile.name,
      username: profile.username,
      gender: profile.gender,
      country: profile.country.code,
      cartegory: profile.account_type?.cartegory ?? null,
      bio: profile.bio,
      birthday: profile.birthday,
      about: profile.about,
      imagePublicId: profile.imageAsset?.public_id ?? null,
      phone: profile.phone,
    } satisfies TUpdateProfileRequest,
    // A category left empty: the spec's own words rather than zod's list of options.
    issueMessage: (issue) =>
      issue.path?.[0] === 'cartegory' ? PROFILE_MESSAGES.categoryRequired : undefined,
  });
  const navigate = useNavigate();
  const updateProfile = useUpdateProfile({ previousUsername: profile.username });
  const [avatar, setAvatar] = useState({
    publicId: profile.imageAsset?.public_id ?? null,
    url: profile.imageAsset?.secure_url ?? null,
  });
  const [isUploading, setIsUploading] = useState(false);

  const username = useController({ control: form.control, name: 'username' });
  const usernameStatus = useUsernameStatus(username.field.value, { currentUsername: profile.username });
  const gender = useNullableField(form, 'gender');
  const cartegory = useNullableField(form, 'cartegory');
  const birthday = useNullableField(form, 'birthday');
  const phone = useNullableField(form, 'phone');
  const bioLength = form.watch('bio')?.length ?? 0;

  const handleSubmit = handleFormRequest(form, {
    send: (values) => updateProfile.mutateAsync({ ...values, imagePublicId: avatar.publicId }),
    onSuccess: ({ profile: saved }) => {
      toast.success('Your profile has been saved.');
      // Replaces the modal's history entry: Back should not reopen a finished form.
      navigate(`/${saved.username}`, { replace: true });
    },
    onFailure: (error) => {
      const field = readInvalidField(error);
      if (field && field.field in form.getValues()) {
        form.setError(
          field.field as keyof TUpdateProfileRequest,
          { message: field.text },
          { shouldFocus: true },
        );
        return;
      }
      const message = readFailureMessage(error);
      toast.error(message);
      form.setError('root', { message });
    },
  });

  return (
    <form className="form edit-profile" noValidate onSubmit={handleSubmit}>
      <FormFailure message={form.formState.errors.root?.message} />
      <AvatarPicker
        profile={profile}
        value={avatar}
        onChange={setAvatar}
        onUploadingChange={setIsUploading}
      />
      <TextField label="Name" autoComplete="name" {...form.registerField('name')} />
      <UsernameField
        ref={username.field.ref}
        value={username.field.value}
        status={usernameStatus}
        error={username.fieldState.error?.message}
        onChange={(value) => {
          form.clearErrors('username');
          username.field.onChange(value);
        }}
        onBlur={username.field.onBlur}
      />
      {isCreator ? (
        <SelectField label="Category" {...cartegory}>
          <option value="">Choose a category</option>
          {CREATOR_CATEGORIES.map((option) => (
            <option key={option} value={option}>
              {formatCategory(option)}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextAreaField
        label="Bio"
        rows={3}
        // The limit is enforced as one types; the counter shows how much is left.
        maxLength={BIO_MAX_LENGTH}
        hint={`${bioLength}/${BIO_MAX_LENGTH}`}
        {...form.registerField('bio')}
      />
      <SelectField label="Gender" {...gender}>
        <option value="">Not given</option>
        {GENDERS.map((option) => (
          <option key={option} value={option}>
            {genderLabels[option]}
          </option>
        ))}
      </SelectField>
      <CountryField {...form.registerField('country')} />
      <TextField label="Birthday" type="date" max={today()} min="1900-01-01" {...birthday} />
      <TextField
        label="Phone (for bookings)"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint="With the country code, e.g. +260971234567. Shown to signed-in visitors who book you."
        {...phone}
      />
      <TextAreaField label="About" rows={4} maxLength={ABOUT_MAX_LENGTH} {...form.registerField('about')} />
      {isCreator ? null : (
        <p className="edit-profile__note">
          Looking for creators to follow? <Link to="/find-creators/q=nothing">Find Creators</Link>
        </p>
      )}
      <SubmitButton isPending={updateProfile.isPending} disabled={isUploading}>
        Save
      </SubmitButton>
    </form>
  );
}
