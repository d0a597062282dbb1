import { PAYMENT_METHOD_MESSAGES } from '@stagepass/contract/payment-methods';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { toast } from '../../lib/toast';
import { useCardProcessor } from './api/get-card-processor';
import { CardForm } from './components/card-form';
import '../../ui/form.css';
import './wallet.css';

/** `?modal=add-card` (the spec's Add a Card modal, for accounts): a card saved as the processor's token. */
export default function AddCardModal({ closeModal }: ModalBodyProps) {
  const processor = useCardProcessor();
  if (processor.isPending) return <p className="modal__loading">Loading…</p>;
  if (processor.isError || processor.data.kind === 'none') {
    return <p className="modal__text">{PAYMENT_METHOD_MESSAGES.cardsUnavailable}</p>;
  }
  return (
    <CardForm
      tokenizeUrl={processor.data.tokenizeUrl}
      onAdded={(message) => {
        toast.success(message);
        closeModal();
      }}
    />
  );
}
