import { formatZambianPhone } from '@stagepass/contract/mobile-money';
import type { TSetPreferredRequest } from '@stagepass/contract/payment-methods';
import { genericErrorMessage } from '../../../../lib/api-client';
import { useConfirm } from '../../../../lib/modals/use-confirm';
import { useModal } from '../../../../lib/modals/use-modal';
import { toast } from '../../../../lib/toast';
import { SettingsSection } from '../../../../ui/settings-section';
import { usePaymentMethods } from '../../api/get-payment-methods';
import { useRemovePaymentMethod } from '../../api/remove-payment-method';
import { useSetPreferredPaymentMethod } from '../../api/set-preferred-payment-method';
import { AddMobileMoneyForm } from './add-mobile-money-form';
import { CardItem } from './card-item';
import { MobileMoneyItem } from './mobile-money-item';
import '../../../../ui/badge.css';
import '../../../../ui/operator-badge.css';
import './payment-methods.css';

/** The spec's billing and payment-method list: mobile money numbers and cards. */
export function PaymentMethodsSection() {
  const methods = usePaymentMethods();
  const setPreferred = useSetPreferredPaymentMethod();
  const removeMethod = useRemovePaymentMethod();
  const confirm = useConfirm();
  const { openModal } = useModal();

  const choosePreferred = (choice: TSetPreferredRequest) =>
    setPreferred.mutate(choice, { onSuccess: (answer) => answer.message && toast.success(answer.message) });

  async function remove(id: string, name: string) {
    const isConfirmed = await confirm({
      type: 'delete',
      title: 'Delete payment method',
      message: `${name} will no longer be one of your payment methods.`,
    });
    if (!isConfirmed) return;
    removeMethod.mutate(id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: () => toast.error(genericErrorMessage),
    });
  }

  const mobileMoney = methods.data?.mobileMoney ?? [];
  const cards = methods.data?.cards ?? [];

  return (
    <SettingsSection
      title="Payment methods"
      description="Mobile money numbers and cards top up your wallet; the preferred one is chosen first."
    >
      {methods.isPending ? (
        <p role="status">Loading…</p>
      ) : methods.isError ? (
        <p className="form__notice form__notice--error" role="alert">
          Your payment methods could not be loaded. Try again later.
        </p>
      ) : (
        <>
          <div className="payment-methods__group">
            <h3 className="payment-methods__title">Mobile money</h3>
            {mobileMoney.length === 0 ? (
              <p className="payment-methods__empty">No mobile money numbers yet.</p>
            ) : (
              <ul className="payment-methods__list" aria-label="Mobile money numbers">
                {mobileMoney.map((method) => (
                  <MobileMoneyItem
                    key={method._id}
                    method={method}
                    onSetPreferred={() => choosePreferred({ type: 'mobile-money', _id: method._id })}
                    onRemove={() =>
                      void remove(method._id, `${method.name} ${formatZambianPhone(method.phone)}`)
                    }
                  />
                ))}
              </ul>
            )}
            <AddMobileMoneyForm isFirst={mobileMoney.length === 0 && cards.length === 0} />
          </div>
          <div className="payment-methods__group">
            <h3 className="payment-methods__title">Cards</h3>
            {cards.length === 0 ? (
              <p className="payment-methods__empty">No cards yet.</p>
            ) : (
              <ul className="payment-methods__list" aria-label="Cards">
                {cards.map((card) => (
                  <CardItem
                    key={card._id}
                    card={card}
                    onSetPreferred={() => choosePreferred({ type: 'card', _id: card._id })}
                    onRemove={() => void remove(card._id, `The card ${card.cardNumber}`)}
                  />
                ))}
              </ul>
            )}
            <div className="form__actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => openModal('add-card')}
              >
                Add a Card
              </button>
            </div>
          </div>
        </>
      )}
    </SettingsSection>
  );
}
