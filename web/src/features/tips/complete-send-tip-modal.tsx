import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { CompleteSendTip } from './complete-send-tip';
import '../../ui/form.css';

/**
 * `?modal=complete-send-tip-action/{postId}/{tipName}/{amount}` (the spec's name): the same
 * confirmation as the /feed/{postId}/send-tip/{tipName}/{amount} page, over the current page.
 */
export default function CompleteSendTipModal({ options, closeModal }: ModalBodyProps) {
  const [postId = '', tipName = '', amount = ''] = options.split('/');
  if (!postId || !tipName) return <p className="modal__text">Choose a tip from a post.</p>;
  return <CompleteSendTip postId={postId} tipName={tipName} amount={amount} onSent={closeModal} />;
}
