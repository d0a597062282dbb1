import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { buildModalSearch, type ModalRequest, removeModalParams } from './build-modal-search';

type ModalHistoryState = { isModalOpenedInApp?: boolean } | null;

// The location key of the last entry closed, so a second close of the same modal (a click
// and Radix's own onOpenChange, say) cannot go back in history twice. The modal host
// forgets it whenever the location changes (the Forward button can bring that entry back).
let lastClosedLocationKey: string | null = null;

export function forgetClosedModal() {
  lastClosedLocationKey = null;
}

/**
 * Opens and closes the query-driven modals. Opening pushes a history entry, so the
 * browser's Back button closes the modal; closing goes back to that entry's predecessor
 * when the modal was opened in the app, and otherwise (a shared link) replaces the URL
 * without the modal parameters.
 */
export function useModal() {
  const navigate = useNavigate();
  const location = useLocation();

  const openModal = useCallback(
    (name: string, request: ModalRequest & { shouldReplace?: boolean } = {}) => {
      const { shouldReplace = false, ...modalRequest } = request;
      const search = buildModalSearch(new URLSearchParams(location.search), name, modalRequest);
      const state: ModalHistoryState = shouldReplace
        ? (location.state as ModalHistoryState)
        : { isModalOpenedInApp: true };
      navigate(
        { pathname: location.pathname, search, hash: location.hash },
        { state, replace: shouldReplace },
      );
    },
    [navigate, location],
  );

  const closeModal = useCallback(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has('modal') || lastClosedLocationKey === location.key) return;
    lastClosedLocationKey = location.key;

    if ((location.state as ModalHistoryState)?.isModalOpenedInApp) {
      navigate(-1);
      return;
    }
    const rest = removeModalParams(params).toString();
    navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true },
    );
  }, [navigate, location]);

  return { openModal, closeModal };
}
