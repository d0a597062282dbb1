import { type TSessionUser, ZVerifySecurityQuestionRequest } from '@stagepass/contract/auth';
import { handleFormRequest } from '../../../lib/form-request';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { TextField } from '../../../ui/form-fields';
import { SubmitButton } from '../../../ui/submit-button';
import { useVerifySecurityQuestion } from '../api/verify-security-question';
import { decideAfterSecurityCheck } from '../sign-in-sequence';
import { useNextPage, useRunNextStep } from '../use-run-next-step';

/** Step 2 of the sign-in sequence: the saved question, answered once every 2 days. */
export function SecurityQuestionVerifyForm({ user, options }: { user: TSessionUser; options: string }) {
  const form = useZodForm(ZVerifySecurityQuestionRequest, { defaultValues: { answer: '' } });
  const nextPage = useNextPage();
  const runNextStep = useRunNextStep();
  const verifySecurityQuestion = useVerifySecurityQuestion();
  const handleSubmit = handleFormRequest(form, {
    send: (values) => verifySecurityQuestion.mutateAsync(values),
    onSuccess: ({ message }) => {
      toast.success(message);
      runNextStep(decideAfterSecurityCheck({ user, options, nextPage }));
    },
    // WRONG_ANSWER and RATE_LIMITED carry the text to show under the field.
    failureAt: 'answer',
  });

  return (
    <form className="form" noValidate onSubmit={handleSubmit}>
      <p className="form__intro">Answer your security question to continue.</p>
      <TextField
        label={user.security_question?.question ?? 'Your answer'}
        autoComplete="off"
        {...form.registerField('answer')}
      />
      <SubmitButton isPending={verifySecurityQuestion.isPending}>Continue</SubmitButton>
    </form>
  );
}
