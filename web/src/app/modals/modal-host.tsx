import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { parseModalQuery } from '../../lib/modals/parse-modal-query';
import { forgetClosedModal, useModal } from '../../lib/modals/use-modal';
import { findModal } from './registry';

// The dialog frame (Radix Dialog and its styles) loads with the first modal opened.
const ModalFrame = lazy(() => import('./modal-frame'));

/**
 * Shows the modal the URL asks for (`?modal=…`), if it is a registered one. A route change
 * drops the query, which closes the modal.
 */
export function ModalHost() {
  const location = useLocation();
  const { closeModal } = useModal();

  useEffect(() => {
    if (location.key) forgetClosedModal();
  }, [location.key]);

  const query = parseModalQuery(new URLSearchParams(location.search));
  const entry = query ? findModal(query.component) : undefined;
  if (!query || !entry) return null;

  return (
    <Suspense fallback={null}>
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
    </Suspense>
  );
}
