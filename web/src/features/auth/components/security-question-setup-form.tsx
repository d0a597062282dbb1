import {
  SECURITY_QUESTIONS,
  type TSessionUser,
  type TSetSecurityQuestionRequest,
  ZSetSecurityQuestionRequest,
} from '@stagepass/contract/auth';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError, genericErrorMessage } from '../../../lib/api-client';
import { readFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { focusFirstInvalidControl, SelectField, TextField } from '../../../ui/form-fields';
import { useSetSecurityQuestion } from '../api/set-security-question';
import { decideAfterSignIn } from '../sign-in-sequence';
import { useNextPage, useRunNextStep } from '../use-run-next-step';

type Question = TSetSecurityQuestionRequest['question'];

/** Step 1 of the sign-in sequence for an account without a security question. */
export function SecurityQuestionSetupForm({ user, options }: { user: TSessionUser; options: string }) {
  const [question, setQuestion] = useState<Question | ''>('');
  const [answer, setAnswer] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const nextPage = useNextPage();
  const runNextStep = useRunNextStep();
  const setSecurityQuestion = useSetSecurityQuestion();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZSetSecurityQuestionRequest.safeParse({ question, answer });
    if (!parsed.success) {
      setErrors(readFieldErrors(parsed.error.issues));
      focusFirstInvalidControl(formRef.current);
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      const { message } = await setSecurityQuestion.mutateAsync(parsed.data);
      toast.success(message);
    } catch (error) {
      toast.error(genericErrorMessage);
      setFailure(error instanceof ApiError ? error.message : genericErrorMessage);
      return;
    }
    // Saving also verified this session, so the sequence carries on to its destination.
    const updatedUser = {
      ...user,
      security_question: { question: parsed.data.question },
      isSecurityQuestionVerified: true,
    };
    runNextStep(decideAfterSignIn({ user: updatedUser, options, nextPage }));
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      <p className="form__intro">
        Choose a question only you can answer. We will ask it when you sign in on a new device.
      </p>
      {failure ? (
        <p className="form__notice form__notice--error" role="alert">
          {failure}
        </p>
      ) : null}
      <SelectField
        label="Security question"
        name="question"
        value={question}
        onChange={(event) => {
          setQuestion(event.target.value as Question);
          setErrors(({ question: _cleared, ...rest }) => rest);
        }}
        error={errors.question}
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
        name="answer"
        autoComplete="off"
        value={answer}
        onChange={(event) => {
          setAnswer(event.target.value);
          setErrors(({ answer: _cleared, ...rest }) => rest);
        }}
        // Save stays disabled while the answer is empty, so the requirement is said on leaving it.
        onBlur={() => {
          const issue = ZSetSecurityQuestionRequest.shape.answer.safeParse(answer).error?.issues[0];
          if (issue && !answer.trim()) setErrors((current) => ({ ...current, answer: issue.message }));
        }}
        error={errors.answer}
      />
      <button
        type="submit"
        className="button button--primary form__submit"
        disabled={!question || !answer || setSecurityQuestion.isPending}
        aria-busy={setSecurityQuestion.isPending}
      >
        Save
      </button>
    </form>
  );
}
