import { AUTH_MESSAGES, ZSignInRequest } from '@stagepass/contract/auth';
import { type FormEvent, useRef, useState } from 'react';
import { useModal } from '../../../app/modals/use-modal';
import { ApiError, genericErrorMessage } from '../../../lib/api-client';
import { readFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { focusFirstInvalidControl, TextField } from '../../../ui/form-fields';
import { type TSignInResponse, useSignIn } from '../api/sign-in';
import { decideAfterSignIn } from '../sign-in-sequence';
import { useNextPage, useRunNextStep } from '../use-run-next-step';

type SignInFormProps = {
  /** The modal's options ('no-redirect' keeps the visitor where they are); '' on the page. */
  options: string;
  /** In the signin modal, Sign Up takes its place rather than opening over it. */
  isInModal: boolean;
};

/** Email or username and password; used by the signin modal and the /signin page. */
export function SignInForm({ options, isInModal }: SignInFormProps) {
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { openModal } = useModal();
  const nextPage = useNextPage();
  const runNextStep = useRunNextStep();
  const signIn = useSignIn();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZSignInRequest.safeParse({ identifier, password });
    if (!parsed.success) {
      setErrors(readFieldErrors(parsed.error.issues));
      focusFirstInvalidControl(formRef.current);
      return;
    }
    setErrors({});
    setFailure(null);
    // mutateAsync rather than mutate's callbacks: the session changes on success, and the
    // /signin page swaps this form out, which would drop those callbacks.
    let answer: TSignInResponse;
    try {
      answer = await signIn.mutateAsync(parsed.data);
    } catch (error) {
      toast.error(genericErrorMessage);
      setFailure(error instanceof ApiError ? error.message : genericErrorMessage);
      return;
    }
    toast.success(AUTH_MESSAGES.signedIn);
    runNextStep(decideAfterSignIn({ user: answer.user, options, nextPage }));
  }

  const typedEmail = identifier.includes('@') && !identifier.startsWith('@') ? identifier.trim() : '';

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      {failure ? (
        <p className="form__notice form__notice--error" role="alert">
          {failure}
        </p>
      ) : null}
      <TextField
        label="Email or username"
        name="identifier"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
        error={errors.identifier}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <div className="form__actions form__actions--split">
        <button
          type="button"
          className="link-button"
          onClick={() => openModal('forgot-password', { showBack: true, detail: typedEmail || undefined })}
        >
          Forgot password?
        </button>
      </div>
      <button
        type="submit"
        className="button button--primary form__submit"
        disabled={signIn.isPending}
        aria-busy={signIn.isPending}
      >
        Sign In
      </button>
      <p className="form__footer">
        <span>New to Stagepass?</span>
        <button
          type="button"
          className="link-button"
          onClick={() => openModal('signup', { shouldReplace: isInModal })}
        >
          Sign Up
        </button>
      </p>
    </form>
  );
}
