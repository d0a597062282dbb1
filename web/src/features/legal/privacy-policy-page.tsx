import { Link } from 'react-router';
import { LegalDocument, type LegalSection, legalLastUpdated, privacyContact } from './legal-document';

const sections: LegalSection[] = [
  {
    id: 'collect',
    heading: 'The data we collect',
    body: (
      <>
        <h3>Account data</h3>
        <p>
          When you sign up: your email address, name, username and password (we store only a salted, slow hash
          of the password, never the password itself), and whether you join as a fan or a creator. If you sign
          in with a social sign-in provider, we receive your name, email address and profile photo from it.
          You may add a profile picture, gender, country, birthday, a short bio and an about text, and a
          category (such as music artist, podcaster or startup). Your security question is stored with a hash
          of its answer, and email verification and password-reset codes are stored hashed and expire.
        </p>
        <h3>Payment data</h3>
        <ul>
          <li>
            <strong>Mobile money:</strong> the phone number and operator you pay or are paid with, and the
            amount, date, status and reference of each deposit and payout.
          </li>
          <li>
            <strong>Cards:</strong> we never receive or store your full card number or CVC. Card details go
            straight from your browser to our card processor, which gives us a token in return. We keep only
            that token, the card brand, the last four digits and the expiry date, so we can show you which
            card is which.
          </li>
          <li>
            Your wallet balance and a record of every top-up, subscription, unlock, tip and payout, which we
            must keep for accounting and to prevent fraud.
          </li>
        </ul>
        <h3>Content and activity</h3>
        <p>
          The media you upload (videos, audio, photos, cover art) and your posts, comments, reactions,
          follows, reports and the creators you subscribe to. We remove location (GPS) and other hidden
          metadata from images before showing them.
        </p>
        <h3>Technical data</h3>
        <p>
          Your IP address, browser and device type, and the date and time of requests, kept in security logs
          to run the service, stop abuse and investigate problems.
        </p>
      </>
    ),
  },
  {
    id: 'use',
    heading: 'How we use it',
    body: (
      <ul>
        <li>To run your account, sign you in and keep it secure (security question checks, rate limits).</li>
        <li>To publish creators' content and decide who may see it (subscriptions, unlocks, previews).</li>
        <li>To take payments, keep your wallet, pay creators and keep the records the law requires.</li>
        <li>To send you service emails, such as verification codes, password resets and payment receipts.</li>
        <li>To handle reports, prevent fraud and enforce our Terms of Use.</li>
        <li>To understand how Stagepass is used, in aggregate, and to improve it.</li>
      </ul>
    ),
  },
  {
    id: 'grounds',
    heading: 'Our reasons for processing',
    body: (
      <p>
        We process your data because we need it to provide the service you asked for under our{' '}
        <Link to="/terms-of-use">Terms of Use</Link>, because the law requires it (for example accounting and
        anti-money-laundering rules), because we have a legitimate interest in keeping Stagepass safe and
        working, or because you have given your consent, which you can withdraw at any time. This policy is
        written to meet the Data Protection Act, 2021 of Zambia.
      </p>
    ),
  },
  {
    id: 'share',
    heading: 'Who we share it with',
    body: (
      <>
        <p>We do not sell your personal data. We share it only with:</p>
        <ul>
          <li>
            <strong>Other users</strong>, as the product shows: your public profile (name, username, picture,
            bio, category, follower count) and your public posts, comments and reactions. A creator can see
            who follows, subscribes to or tips them.
          </li>
          <li>
            <strong>Our payment provider</strong> (mobile money) and <strong>card processor</strong>, who
            process payments as independent controllers under their own privacy policies.
          </li>
          <li>
            <strong>Service providers</strong> who host our servers, store media, and send email for us, bound
            by contract to use the data only on our instructions.
          </li>
          <li>
            <strong>Authorities</strong>, when the law requires it or to protect someone's safety.
          </li>
        </ul>
        <p>
          Some of these providers may store data outside Zambia. When they do, we make sure the transfer is
          allowed by Zambian law and protected by appropriate safeguards.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies and local storage',
    body: (
      <>
        <p>We use only the cookies needed for Stagepass to work; no advertising or tracking cookies.</p>
        <div className="prose__table-wrapper">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Purpose</th>
                <th scope="col">Lasts</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>token</td>
                <td>
                  Keeps you signed in. It holds a random session identifier that cannot be read by scripts.
                </td>
                <td>3 days</td>
              </tr>
              <tr>
                <td>Security check</td>
                <td>Remembers that you answered your security question on this device for this session.</td>
                <td>2 days</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          Your browser's local storage keeps your light or dark theme choice and similar display preferences
          on your device; they are never sent to us. The installable app keeps a copy of the app's code on
          your device so it starts quickly; it does not keep your personal data or paid content.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep it',
    body: (
      <ul>
        <li>Account and content data: while your account is open.</li>
        <li>
          After you close your account, we delete your profile and content within 30 days, and remove them
          from backups within a further 60 days.
        </li>
        <li>
          Payment and wallet records: for as long as Zambian tax and financial laws require (normally 7
          years), even after the account is closed.
        </li>
        <li>Security logs: up to 90 days, longer only while we investigate an incident.</li>
        <li>Verification and reset codes: minutes, until they are used or expire.</li>
      </ul>
    ),
  },
  {
    id: 'rights',
    heading: 'Your rights',
    body: (
      <>
        <p>You have the right to:</p>
        <ul>
          <li>ask for a copy of the personal data we hold about you;</li>
          <li>have inaccurate data corrected (most of it you can edit yourself in your settings);</li>
          <li>have your data deleted, unless we must keep it by law;</li>
          <li>object to or ask us to restrict some processing, and withdraw consent you gave;</li>
          <li>receive the data you gave us in a portable format.</li>
        </ul>
        <p>
          Write to {privacyContact}; we answer within 30 days and may ask you to prove who you are. If you are
          not satisfied with our answer, you can complain to the Office of the Data Protection Commissioner of
          Zambia.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    heading: 'Security and children',
    body: (
      <>
        <p>
          We protect your data with encrypted connections, hashed passwords, codes and security answers,
          revocable sessions, limits on sign-in attempts, and access checks before any paid media is served.
          No system is perfectly secure; if a breach puts your data at risk, we will tell you and the
          regulator as the law requires.
        </p>
        <p>
          Stagepass is not meant for anyone under 18, and we do not knowingly collect data from children. If
          you believe a child has given us data, write to {privacyContact} and we will delete it.
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    heading: 'Changes and contact',
    body: (
      <p>
        We will post any change to this policy here and tell signed-in users of important changes before they
        apply. For any question about your privacy, write to {privacyContact}.
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      lastUpdated={legalLastUpdated}
      introduction={
        <p>
          This policy explains what personal data Stagepass collects when you use our website and app, why,
          who we share it with, how long we keep it and the rights you have. Stagepass is responsible (the
          data controller) for the personal data described here.
        </p>
      }
      sections={sections}
    />
  );
}
