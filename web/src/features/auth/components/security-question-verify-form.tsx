import { type TSessionUser, ZVerifySecurityQuestionRequest } from '@stagepass/contract/auth';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError, genericErrorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { focusFirstInvalidControl, TextField } from '../../../ui/form-fields';
import { useVerifySecurityQuestion } from '../api/verify-security-question';
import { decideAfterSecurityCheck } from '../sign-in-sequence';
import { useRunNextStep } from '../use-run-next-step';

/** Step 2 of the sign-in sequence: the saved question, answered once every 2 days. */
export function SecurityQuestionVerifyForm({ user, options }: { user: TSessionUser; options: string }) {
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const runNextStep = useRunNextStep();
  const verifySecurityQuestion = useVerifySecurityQuestion();

  function showError(message: string) {
    setError(message);
    focusFirstInvalidControl(formRef.current);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZVerifySecurityQuestionRequest.safeParse({ answer });
    if (!parsed.success) return showError(parsed.error.issues[0]?.message ?? genericErrorMessage);
    setError(null);
    try {
      const { message } = await verifySecurityQuestion.mutateAsync(parsed.data);
      toast.success(message);
    } catch (caught) {
      // WRONG_ANSWER and RATE_LIMITED carry the text to show under the field.
      return showError(caught instanceof ApiError ? caught.message : genericErrorMessage);
    }
    runNextStep(decideAfterSecurityCheck({ user, options }));
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      <p className="form__intro">Answer your security question to continue.</p>
      <TextField
        label={user.security_question?.question ?? 'Your answer'}
        name="answer"
        autoComplete="off"
        value={answer}
        onChange={(event) => {
          setAnswer(event.target.value);
          setError(null);
        }}
        error={error ?? undefined}
      />
      <button
        type="submit"
        className="button button--primary form__submit"
        disabled={verifySecurityQuestion.isPending}
        aria-busy={verifySecurityQuestion.isPending}
      >
        Continue
      </button>
    </form>
  );
}
