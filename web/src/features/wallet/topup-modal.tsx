import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { TopupPanel } from './components/topup-panel';
import '../../ui/badge.css';
import '../../ui/form.css';
import './wallet.css';

/**
 * `?modal=topup` (the spec's Topup panel, for accounts), or `?modal=topup/20` to start with K20: tops up
 * the wallet by mobile money.
 */
export default function TopupModal({ options, closeModal, setTitle }: ModalBodyProps) {
  const initialAmount = /^\d{1,6}$/.test(options) ? options : '';
  return <TopupPanel initialAmount={initialAmount} closeModal={closeModal} setTitle={setTitle} />;
}
