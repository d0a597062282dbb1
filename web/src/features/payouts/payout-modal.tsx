import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { PayoutPanel } from './components/payout-panel';
import '../../ui/badge.css';
import '../../ui/form.css';
import './payouts.css';

/** `?modal=payout` (creators): pays earnings out to a mobile money number, from the payouts page's Payout button. */
export default function PayoutModal({ closeModal }: ModalBodyProps) {
  return <PayoutPanel closeModal={closeModal} />;
}
