import { type ChangeEvent, type ComponentProps, type RefObject, useState } from 'react';
import { TextField } from '../../../ui/form-fields';
import { UsernameField } from '../../../ui/username-field';
import { useUsernameStatus } from '../api/use-username-status';
import { usernameForName } from '../sign-up-state';

/** How these fields reach their form (each sign-up form has its own schema and types). */
type NameAndUsernameBinding = {
  readUsername: () => string;
  setUsername: (username: string) => void;
  clearError: (field: 'name' | 'username') => void;
  registerName: (options: {
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  }) => Omit<ComponentProps<typeof TextField>, 'label'>;
};

/**
 * The spec's username rule for both sign-ups: it follows the name until the person edits it
 * directly, and every change is checked for availability.
 */
export function useNameAndUsername(binding: NameAndUsernameBinding) {
  const [isUsernameEdited, setIsUsernameEdited] = useState(false);
  const username = binding.readUsername();
  const status = useUsernameStatus(username);

  const nameProps = binding.registerName({
    onChange: (event) => {
      if (isUsernameEdited) return;
      binding.setUsername(usernameForName(event.target.value));
      // A username that follows the name is a new one: its old error no longer applies.
      binding.clearError('username');
    },
  });

  function changeUsername(value: string) {
    setIsUsernameEdited(true);
    binding.setUsername(value);
    binding.clearError('username');
  }

  return { username, status, nameProps, changeUsername };
}

type NameAndUsernameFieldsProps = {
  fields: ReturnType<typeof useNameAndUsername>;
  usernameError: string | undefined;
  usernameRef: RefObject<HTMLInputElement | null>;
};

/** Name, then the username with its live availability. */
export function NameAndUsernameFields({ fields, usernameError, usernameRef }: NameAndUsernameFieldsProps) {
  return (
    <>
      <TextField label="Name" autoComplete="name" {...fields.nameProps} />
      <UsernameField
        ref={usernameRef}
        value={fields.username}
        status={fields.status}
        error={usernameError}
        onChange={fields.changeUsername}
      />
    </>
  );
}
