import { Link, useParams } from 'react-router';
import { formatUsername } from '../../lib/format-username';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../auth/api/get-session';
import { normaliseUsername } from './profile-format';
import { AppearanceSection } from './settings/appearance-section';
import { BlockedAccountsSection } from './settings/blocked-accounts-section';
import { DeleteAccountSection } from './settings/delete-account-section';
import { EmailSection } from './settings/email-section';
import { PasswordSection } from './settings/password-section';
import { PaymentMethodsSection } from './settings/payment-methods/payment-methods-section';
import { SecurityQuestionSection } from './settings/security-question-section';
import '../../ui/page.css';
import './profile-forms.css';
import './settings-page.css';

/** /{username}/settings: the owner's account settings; anyone else is turned away. */
export default function SettingsPage() {
  const { username = '' } = useParams();
  const session = useSession();
  const user = session.data;
  const isOwner = Boolean(user) && normaliseUsername(user?.username ?? '') === normaliseUsername(username);
  useDocumentTitle(isOwner ? 'Settings' : 'Not allowed');

  if (session.isPending) {
    return (
      <div className="page" aria-busy="true">
        <p role="status">Loading…</p>
      </div>
    );
  }
  if (!user || !isOwner) {
    return (
      <div className="page not-found">
        <h1 className="page__title">Not allowed</h1>
        <p className="page__lead">
          {user
            ? 'Only the owner of this profile can open its settings.'
            : 'Sign in as the owner of this profile to open its settings.'}
        </p>
        <Link className="button button--primary" to={`/${formatUsername(username)}`}>
          Back to the profile
        </Link>
      </div>
    );
  }

  return (
    <div className="page settings">
      <h1 className="page__title">Settings</h1>
      <p className="page__lead">
        Signed in as <Link to={`/${user.username}`}>{user.username}</Link>
      </p>
      <div className="settings__sections">
        <EmailSection user={user} />
        <PasswordSection user={user} />
        <SecurityQuestionSection user={user} />
        <AppearanceSection />
        <PaymentMethodsSection />
        <BlockedAccountsSection />
        <DeleteAccountSection user={user} />
      </div>
    </div>
  );
}
