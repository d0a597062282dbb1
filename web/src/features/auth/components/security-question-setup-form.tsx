import { SECURITY_QUESTIONS, type TSessionUser, ZSetSecurityQuestionRequest } from '@stagepass/contract/auth';
import { useWatch } from 'react-hook-form';
import { handleFormRequest } from '../../../lib/form-request';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { FormFailure } from '../../../ui/form-failure';
import { SelectField, TextField } from '../../../ui/form-fields';
import { SubmitButton } from '../../../ui/submit-button';
import { useSetSecurityQuestion } from '../api/set-security-question';
import { decideAfterSignIn } from '../sign-in-sequence';
import { useNextPage, useRunNextStep } from '../use-run-next-step';
import { SignOutFooter } from './sign-out-footer';

/** Step 1 of the sign-in sequence for an account without a security question. */
export function SecurityQuestionSetupForm({ user, options }: { user: TSessionUser; options: string }) {
  const form = useZodForm(ZSetSecurityQuestionRequest, { defaultValues: { answer: '' } });
  const [question, answer] = useWatch({ control: form.control, name: ['question', 'answer'] });
  const nextPage = useNextPage();
  const runNextStep = useRunNextStep();
  const setSecurityQuestion = useSetSecurityQuestion();
  const handleSubmit = handleFormRequest(form, {
    send: (values) => setSecurityQuestion.mutateAsync(values),
    onSuccess: ({ message }, values) => {
      toast.success(message);
      // Saving also verified this session, so the sequence carries on to its destination.
      const updatedUser = {
        ...user,
        security_question: { question: values.question },
        isSecurityQuestionVerified: true,
      };
      runNextStep(decideAfterSignIn({ user: updatedUser, options, nextPage }));
    },
  });

  return (
    <form className="form" noValidate onSubmit={handleSubmit}>
      <p className="form__intro">
        Choose a question only you can answer. We will ask it when you sign in on a new device.
      </p>
      <FormFailure message={form.formState.errors.root?.message} />
      <SelectField
        label="Security question"
        // Starts on the placeholder, which the browser would otherwise skip for the first question.
        defaultValue=""
        {...form.registerField('question')}
      >
        <option value="" disabled>
          Choose a question
        </option>
        {SECURITY_QUESTIONS.map((text) => (
          <option key={text} value={text}>
            {text}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Answer"
        autoComplete="off"
        {...form.registerField('answer', {
          // Save stays disabled while the answer is empty, so the requirement is said on leaving it.
          onBlur: () => {
            if (!form.getValues('answer').trim()) void form.trigger('answer');
          },
        })}
      />
      <SubmitButton isPending={setSecurityQuestion.isPending} disabled={!question || !answer}>
        Save
      </SubmitButton>
      <SignOutFooter />
    </form>
  );
}
