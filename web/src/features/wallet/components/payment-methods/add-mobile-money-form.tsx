import { ZAddMobileMoneyRequest } from '@stagepass/contract/payment-methods';
import { handleFormRequest } from '../../../../lib/form-request';
import { predictTypedOperator } from '../../../../lib/phone-entry';
import { toast } from '../../../../lib/toast';
import { useZodForm } from '../../../../lib/use-zod-form';
import { TextField } from '../../../../ui/form-fields';
import { OperatorBadge } from '../../../../ui/operator-badge';
import { SettingsForm } from '../../../../ui/settings-section';
import { useAddMobileMoney } from '../../api/add-mobile-money';

/** Saves a mobile money number; its operator shows as soon as its prefix is typed. */
export function AddMobileMoneyForm({ isFirst }: { isFirst: boolean }) {
  const form = useZodForm(ZAddMobileMoneyRequest, { defaultValues: { phone: '', preffered: false } });
  const addMobileMoney = useAddMobileMoney();
  const operator = predictTypedOperator(form.watch('phone') ?? '');
  const handleSubmit = handleFormRequest(form, {
    // The first method is the preferred one whatever the box says: there is no other.
    send: (values) => addMobileMoney.mutateAsync({ ...values, preffered: values.preffered || isFirst }),
    onSuccess: (answer) => {
      toast.success(answer.message ?? 'The number has been saved.');
      form.reset();
    },
  });
  return (
    <SettingsForm
      onSubmit={handleSubmit}
      failure={form.formState.errors.root?.message}
      submitLabel="Add number"
      isPending={addMobileMoney.isPending}
    >
      <TextField
        label="Add mobile money number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="0971234567"
        hint={
          operator ? (
            <OperatorBadge operator={operator} size="small" />
          ) : (
            'An MTN, Airtel or Zamtel number, such as 0971234567 or +260971234567.'
          )
        }
        {...form.registerField('phone')}
      />
      {isFirst ? null : (
        <label className="checkbox-field">
          <input type="checkbox" {...form.register('preffered')} />
          <span>Make this my preferred payment method</span>
        </label>
      )}
    </SettingsForm>
  );
}
