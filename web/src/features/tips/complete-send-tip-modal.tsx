import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { CompleteSendTip } from './complete-send-tip';
import type { TipAddress } from './tip-options';
import '../../ui/form.css';

/**
 * `?modal=complete-send-tip-action/{postId}:{tipName}:{amount}` (the spec's name, its options
 * read by tip-options.ts): the same confirmation as the /feed/{postId}/send-tip/{tipName}/{amount}
 * page, over the page the fan is on, where they stay once the tip is sent.
 */
export default function CompleteSendTipModal({ options, closeModal, setTitle }: ModalBodyProps<TipAddress>) {
  return <CompleteSendTip tip={options} onSent={closeModal} onClose={closeModal} setTitle={setTitle} />;
}
