import { SECURITY_QUESTIONS, ZSetSecurityQuestionRequest } from '@stagepass/contract/auth';
import { useState } from 'react';
import { handleFormRequest, readFailureMessage } from '../../../lib/form-request';
import type { TSessionUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useSecurityCheck } from '../../../lib/use-security-check';
import { useZodForm } from '../../../lib/use-zod-form';
import { SelectField, TextField } from '../../../ui/form-fields';
import { SettingsForm, SettingsSection, SuccessNotice } from '../../../ui/settings-section';
import { useSetSecurityQuestion } from '../../auth/api/set-security-question';

const checkFirstMessage = 'Answer your current security question first, then save again.';

/**
 * A new security question. Replacing one needs the current one answered in this session:
 * when the session has not, the existing check opens first (and the server insists too).
 */
export function SecurityQuestionSection({ user }: { user: TSessionUser }) {
  const form = useZodForm(ZSetSecurityQuestionRequest, {
    defaultValues: { question: user.security_question?.question ?? '', answer: '' } as {
      question: (typeof SECURITY_QUESTIONS)[number];
      answer: string;
    },
  });
  const setSecurityQuestion = useSetSecurityQuestion();
  const [notice, setNotice] = useState<string | null>(null);
  const { openSecurityCheck, handleSecurityCheckError } = useSecurityCheck();
  const needsCheck = Boolean(user.security_question) && !user.isSecurityQuestionVerified;

  const handleSubmit = handleFormRequest(form, {
    send: (values) => setSecurityQuestion.mutateAsync(values),
    onSuccess: ({ message }) => {
      setNotice(message);
      toast.success(message);
      form.resetField('answer');
    },
    onFailure: (error) => {
      if (handleSecurityCheckError(error)) return;
      form.setError('root', { message: readFailureMessage(error) });
    },
  });

  return (
    <SettingsSection
      title="Security question"
      description={
        user.security_question
          ? `Your question: ${user.security_question.question}`
          : 'You have not chosen a security question yet.'
      }
    >
      <SuccessNotice message={notice} />
      <SettingsForm
        onSubmit={(event) => {
          if (needsCheck) {
            event.preventDefault();
            openSecurityCheck(checkFirstMessage);
            return;
          }
          void handleSubmit(event);
        }}
        failure={form.formState.errors.root?.message}
        submitLabel="Save question"
        isPending={setSecurityQuestion.isPending}
      >
        <SelectField label="Security question" {...form.registerField('question')}>
          <option value="" disabled>
            Choose a question
          </option>
          {SECURITY_QUESTIONS.map((question) => (
            <option key={question} value={question}>
              {question}
            </option>
          ))}
        </SelectField>
        <TextField label="New answer" autoComplete="off" {...form.registerField('answer')} />
      </SettingsForm>
    </SettingsSection>
  );
}
