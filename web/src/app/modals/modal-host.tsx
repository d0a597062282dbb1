import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { parseModalQuery } from '../../lib/modals/parse-modal-query';
import { forgetClosedModal, useModal } from '../../lib/modals/use-modal';

// The registry and the dialog frame (Radix Dialog and its styles) load with the first modal opened.
const ModalOutlet = lazy(() => import('./modal-outlet'));

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
  if (!query) return null;

  return (
    <Suspense fallback={null}>
      <ModalOutlet query={query} closeModal={closeModal} />
    </Suspense>
  );
}
