import { formatZambianPhone, OPERATORS } from '@stagepass/contract/mobile-money';
import { ZEditMobileMoneyRequest } from '@stagepass/contract/payment-methods';
import { useState } from 'react';
import { handleFormRequest } from '../../../../lib/form-request';
import { predictTypedOperator } from '../../../../lib/phone-entry';
import { toast } from '../../../../lib/toast';
import { useZodForm } from '../../../../lib/use-zod-form';
import { TextField } from '../../../../ui/form-fields';
import { OperatorBadge } from '../../../../ui/operator-badge';
import { SettingsForm } from '../../../../ui/settings-section';
import { useEditMobileMoney } from '../../api/edit-mobile-money';
import type { TMobileMoneyMethod } from '../../api/get-payment-methods';
import { PreferredBadge } from './preferred-badge';

type MobileMoneyItemProps = {
  method: TMobileMoneyMethod;
  onSetPreferred: () => void;
  onRemove: () => void;
};

/** A saved mobile money number: its operator, the number, 'Active' when preferred, and what can be done with it. */
export function MobileMoneyItem({ method, onSetPreferred, onRemove }: MobileMoneyItemProps) {
  const [isEditing, setIsEditing] = useState(false);
  const number = formatZambianPhone(method.phone);
  const operator = OPERATORS[method.correspondent] ?? method;
  return (
    <li className="payment-method" aria-label={`${operator.name} ${number}`}>
      <div className="payment-method__info">
        <OperatorBadge operator={operator} />
        <span className="payment-method__number">{number}</span>
        {method.preffered ? <PreferredBadge /> : null}
      </div>
      {isEditing ? (
        <EditPhoneForm method={method} onDone={() => setIsEditing(false)} />
      ) : (
        <div className="payment-method__actions">
          {method.preffered ? null : (
            <button type="button" className="button button--secondary button--small" onClick={onSetPreferred}>
              Set as preferred
            </button>
          )}
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setIsEditing(true)}
          >
            Edit
          </button>
          <button type="button" className="button button--secondary button--small" onClick={onRemove}>
            Remove
          </button>
        </div>
      )}
    </li>
  );
}

/** The spec's "Mobile money phone edit": the phone must not be empty. */
function EditPhoneForm({ method, onDone }: { method: TMobileMoneyMethod; onDone: () => void }) {
  const form = useZodForm(ZEditMobileMoneyRequest, {
    defaultValues: { phone: `0${method.phone.slice(3)}` },
  });
  const editMobileMoney = useEditMobileMoney();
  const operator = predictTypedOperator(form.watch('phone') ?? '');
  const handleSubmit = handleFormRequest(form, {
    send: ({ phone }) => editMobileMoney.mutateAsync({ id: method._id, phone }),
    onSuccess: (answer) => {
      toast.success(answer.message ?? 'The number has been changed.');
      onDone();
    },
  });
  return (
    <SettingsForm
      onSubmit={handleSubmit}
      failure={form.formState.errors.root?.message}
      submitLabel="Save number"
      isPending={editMobileMoney.isPending}
      secondaryAction={
        <button type="button" className="link-button" onClick={onDone}>
          Cancel
        </button>
      }
    >
      <TextField
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint={operator ? <OperatorBadge operator={operator} size="small" /> : undefined}
        {...form.registerField('phone')}
      />
    </SettingsForm>
  );
}
