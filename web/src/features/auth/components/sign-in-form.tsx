import { AUTH_MESSAGES, ZSignInRequest } from '@stagepass/contract/auth';
import { handleFormRequest } from '../../../lib/form-request';
import { useModal } from '../../../lib/modals/use-modal';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { FormFailure } from '../../../ui/form-failure';
import { TextField } from '../../../ui/form-fields';
import { SubmitButton } from '../../../ui/submit-button';
import { useSignIn } from '../api/sign-in';
import { decideAfterSignIn } from '../sign-in-sequence';
import { useNextPage, useRunNextStep } from '../use-run-next-step';
import { SocialSignInLink } from './social-sign-in-link';

type SignInFormProps = {
  /** The modal's options ('no-redirect' keeps the visitor where they are); '' on the page. */
  options: string;
  /** In the signin modal, Sign Up takes its place rather than opening over it. */
  isInModal: boolean;
};

/** Email or username and password; used by the signin modal and the /signin page. */
export function SignInForm({ options, isInModal }: SignInFormProps) {
  const form = useZodForm(ZSignInRequest, { defaultValues: { identifier: '', password: '' } });
  const { openModal } = useModal();
  const nextPage = useNextPage();
  const runNextStep = useRunNextStep();
  const signIn = useSignIn();
  // mutateAsync rather than mutate's callbacks: the session changes on success, and the
  // /signin page swaps this form out, which would drop those callbacks.
  const handleSubmit = handleFormRequest(form, {
    send: (values) => signIn.mutateAsync(values),
    onSuccess: (answer) => {
      toast.success(AUTH_MESSAGES.signedIn);
      runNextStep(decideAfterSignIn({ user: answer.user, options, nextPage }));
    },
  });

  function openForgotPassword() {
    const identifier = form.getValues('identifier');
    const typedEmail = identifier.includes('@') && !identifier.startsWith('@') ? identifier.trim() : '';
    openModal('forgot-password', { showBack: true, detail: typedEmail || undefined });
  }

  return (
    <form className="form" noValidate onSubmit={handleSubmit}>
      <FormFailure message={form.formState.errors.root?.message} />
      <TextField
        label="Email or username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...form.registerField('identifier')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...form.registerField('password')}
      />
      <div className="form__actions form__actions--split">
        <button type="button" className="link-button" onClick={openForgotPassword}>
          Forgot password?
        </button>
      </div>
      <SubmitButton isPending={signIn.isPending}>Sign In</SubmitButton>
      <SocialSignInLink />
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
