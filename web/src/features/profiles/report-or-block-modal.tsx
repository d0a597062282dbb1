import {
  BLOCK_REASONS,
  PROFILE_MESSAGES,
  REPORT_REASONS,
  type TReportRequest,
  ZReportRequest,
} from '@stagepass/contract/profiles';
import { useNavigate } from 'react-router';
import { handleFormRequest } from '../../lib/form-request';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { toast } from '../../lib/toast';
import { useZodForm } from '../../lib/use-zod-form';
import { FormFailure } from '../../ui/form-failure';
import { TextAreaField } from '../../ui/form-fields';
import { RadioGroup } from '../../ui/radio-group';
import { useReportProfile } from './api/report-profile';

const reasonRequired = 'Choose a reason.';
const kinds = [
  { value: 'report', label: 'Report', hint: 'Tell the moderators about this profile.' },
  {
    value: 'block',
    label: 'Block',
    hint: 'Hide this profile and its content from you. You can unblock it in Settings.',
  },
] as const;

/** `?modal=report-or-block-profile/{username}`: report to the moderators, or block. */
export default function ReportOrBlockModal({ options, closeModal }: ModalBodyProps) {
  if (!options) return <p className="modal__text">No profile was named.</p>;
  return <ReportOrBlockForm username={options} closeModal={closeModal} />;
}

function ReportOrBlockForm({ username, closeModal }: { username: string; closeModal: () => void }) {
  const form = useZodForm(ZReportRequest, {
    defaultValues: { kind: 'report', text: '' } as Partial<TReportRequest> as TReportRequest,
    issueMessage: (issue) => (issue.path?.[0] === 'reason' ? reasonRequired : undefined),
  });
  const navigate = useNavigate();
  const reportProfile = useReportProfile(username);
  const kind = form.watch('kind');
  const reason = form.watch('reason') as string | undefined;
  const reasons = kind === 'block' ? BLOCK_REASONS : REPORT_REASONS;
  const reasonError = form.formState.errors.reason?.message;

  const handleSubmit = handleFormRequest(form, {
    send: (values) => reportProfile.mutateAsync(values),
    onSuccess: (answer, values) => {
      if (values.kind === 'block') {
        // '{name} has been blocked.': a block is done at once, not submitted like a report.
        toast.success(answer.message);
        // The blocked profile is gone for the blocker: back to the list of creators.
        navigate('/creators/all', { replace: true });
        return;
      }
      toast.success(PROFILE_MESSAGES.reportSent);
      closeModal();
    },
  });

  return (
    <form className="form" noValidate onSubmit={handleSubmit}>
      <FormFailure message={form.formState.errors.root?.message} />
      <RadioGroup
        legend="What would you like to do?"
        choices={kinds}
        register={form.register('kind', {
          // The reasons differ by kind: a reason chosen for the other one no longer applies.
          onChange: () => {
            form.resetField('reason');
            form.clearErrors();
          },
        })}
      />
      <RadioGroup
        legend="Reason"
        choices={reasons.map((reason) => ({ value: reason, label: reason }))}
        register={form.register('reason', { onChange: () => form.clearErrors('reason') })}
        error={reasonError}
      />
      {reason === 'Other' ? (
        <TextAreaField label="Tell us more" rows={3} maxLength={500} {...form.registerField('text')} />
      ) : null}
      <button
        type="submit"
        className={
          kind === 'block' ? 'button button--danger form__submit' : 'button button--primary form__submit'
        }
        disabled={reportProfile.isPending}
        aria-busy={reportProfile.isPending}
      >
        {kind === 'block' ? 'Block' : 'Report'}
      </button>
    </form>
  );
}
