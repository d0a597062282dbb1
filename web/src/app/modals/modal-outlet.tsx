import type { ModalQuery } from '../../lib/modals/parse-modal-query';
import ModalFrame from './modal-frame';
import { findModal } from './registry';

type ModalOutletProps = {
  query: ModalQuery;
  closeModal: () => void;
};

/**
 * The registered modal a query names, in its frame; nothing for an unknown name. Loaded
 * with the first modal asked for, so the registry (every modal's title, parser and loader
 * with the names of the files each needs) and the dialog stay out of the first visit.
 */
export default function ModalOutlet({ query, closeModal }: ModalOutletProps) {
  const entry = findModal(query.component);
  if (!entry) return null;

  return (
    <ModalFrame
      // A new modal (not a re-render of this one) gets a fresh body and focus handling.
      key={`${query.component}/${query.options}`}
      query={query}
      title={query.title || entry.title}
      audience={entry.audience}
      Body={entry.Body}
      presentation={entry.presentation}
      closeModal={closeModal}
    />
  );
}
