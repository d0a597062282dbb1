import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { formatUsername, normaliseUsername } from '../../lib/format-username';
import { useSignedInUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSecurityCheck } from '../../lib/use-security-check';
import { AppearanceSection } from './components/appearance-section';
import { DataSaverSection } from './components/data-saver-section';
import { DeleteAccountSection } from './components/delete-account-section';
import { EmailSection } from './components/email-section';
import { PasswordSection } from './components/password-section';
import { SecurityQuestionSection } from './components/security-question-section';
import '../../ui/page.css';
import './settings-page.css';

type SettingsPageProps = {
  /** The wallet's payment methods section. */
  paymentMethods: ReactNode;
  /** The profiles feature's list of blocked accounts. */
  blockedAccounts: ReactNode;
};

/**
 * /{username}/settings (for accounts): the owner's account settings; anyone else is turned
 * away. Two sections belong to other features (payment methods to the wallet, blocked
 * accounts to profiles): the app hands them over (app/composed-pages/settings-page.tsx),
 * since features do not import each other's components.
 */
export function SettingsPage({ paymentMethods, blockedAccounts }: SettingsPageProps) {
  const { username = '' } = useParams();
  const user = useSignedInUser();
  const isOwner = normaliseUsername(user.username) === normaliseUsername(username);
  useDocumentTitle(isOwner ? 'Settings' : 'Not allowed');
  useSecurityCheckOnArrival({ isNeeded: isOwner && !user.isSecurityQuestionVerified });

  if (!isOwner) {
    return (
      <div className="page not-found">
        <h1 className="page__title">Not allowed</h1>
        <p className="page__lead">Only the owner of this profile can open its settings.</p>
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
        <DataSaverSection />
        {paymentMethods}
        {blockedAccounts}
        <DeleteAccountSection user={user} />
      </div>
    </div>
  );
}

/**
 * Every change made here needs the security question answered in this session (the server
 * refuses it otherwise): when the 2-day check has lapsed, the page asks for it on arrival,
 * once, rather than after the person has filled a form.
 */
function useSecurityCheckOnArrival({ isNeeded }: { isNeeded: boolean }) {
  const { openSecurityCheck } = useSecurityCheck();
  const hasAsked = useRef(false);
  useEffect(() => {
    if (!isNeeded || hasAsked.current) return;
    hasAsked.current = true;
    openSecurityCheck('Answer your security question to change your settings.');
  }, [isNeeded, openSecurityCheck]);
}
