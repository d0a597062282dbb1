import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type ResetLink, readResetLink, removeResetLink } from './password-reset';

type StateWithResetLink = { resetLink?: ResetLink } | null;

/**
 * The reset link the page was opened with. Once read, its token leaves the address bar (so
 * it is not in the history, a bookmark, a shared screen or a Referer) and is kept in the
 * history entry's state instead, which never leaves the browser and survives a reload. A
 * later move to another address (the redirect after an expired link) has no such state.
 */
export function useResetLink(pathEmail: string): ResetLink | null {
  const location = useLocation();
  const navigate = useNavigate();
  const inAddress = readResetLink(location, pathEmail);
  const email = inAddress?.email;
  const token = inAddress?.token;
  const { pathname, search } = location;

  useEffect(() => {
    if (email === undefined || token === undefined) return;
    const state: StateWithResetLink = { resetLink: { email, token } };
    navigate(removeResetLink({ pathname, search }), { replace: true, state });
  }, [email, token, pathname, search, navigate]);

  return inAddress ?? (location.state as StateWithResetLink)?.resetLink ?? null;
}
