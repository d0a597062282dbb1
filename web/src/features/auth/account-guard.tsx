import { Navigate, useLocation } from 'react-router';
import { buildModalSearch } from '../../lib/modals/build-modal-search';
import { parseModalQuery } from '../../lib/modals/parse-modal-query';
import { useSession } from '../../lib/session';
import { decideAccountGate, emailVerificationModal, securityQuestionSetupModal } from './account-gate';

/**
 * Part of the shell: sends a signed-in user without an account type to /account-setup, and
 * shows the email-verification modal to one whose email is not verified, and the
 * security-question setup to one without a question (account-gate.ts).
 * Kept to a few lines of the first-load JavaScript: the rules are plain functions.
 */
export function AccountGuard() {
  const { data: user } = useSession();
  const location = useLocation();
  const searchParams = new URLSearchParams(location.search);
  const modalName = parseModalQuery(searchParams)?.component ?? null;
  const decision = decideAccountGate({ user, pathname: location.pathname, modalName });

  if (decision.kind === 'redirect') return <Navigate replace to={decision.to} />;
  // No close button on either modal: the guard would open it again. Both offer Log Out.
  const requiredModal =
    decision.kind === 'verify-email'
      ? emailVerificationModal
      : decision.kind === 'set-security-question'
        ? securityQuestionSetupModal
        : null;
  if (requiredModal) {
    const search = buildModalSearch(searchParams, requiredModal, { showClose: false });
    return (
      <Navigate
        replace
        to={{ pathname: location.pathname, search, hash: location.hash }}
        state={location.state}
      />
    );
  }
  return null;
}
