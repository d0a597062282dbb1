import { Link } from 'react-router';
import { useModal } from '../../../lib/modals/use-modal';
import { ShareButton } from '../../../ui/item/share-button';
import type { MenuItem } from '../../../ui/menu-items';
import { EditIcon, LockIcon, MoreIcon, SettingsIcon } from '../../../ui/page-icons';
import { ResponsiveMenu } from '../../../ui/responsive-menu';
import { SignInButton } from '../../../ui/sign-in-button';
import type { TProfile } from '../api/get-profile';
import { formatPricing } from '../profile-format';
import { buildPageOptionItems, useReadOnlyOptionItems } from '../profile-options';
import { FollowButton } from './follow-button';

export type Viewer = 'author' | 'member' | 'guest';

/** What the viewer can do here: the owner edits and shares, others follow, guests sign in. */
export function ProfileActions({ profile, viewer }: { profile: TProfile; viewer: Viewer }) {
  if (viewer === 'author') return <AuthorActions profile={profile} />;
  if (viewer === 'member') return <MemberActions profile={profile} />;
  return <GuestActions profile={profile} />;
}

function AuthorActions({ profile }: { profile: TProfile }) {
  const { openModal } = useModal();
  return (
    <div className="profile-actions">
      <button type="button" className="button button--primary" onClick={() => openModal('edit-account')}>
        <EditIcon />
        Edit Profile
      </button>
      {/* Share and Settings keep their names but show only their icons on a phone. */}
      <ShareButton
        page={{ title: profile.name, path: `/${profile.username}`, noun: 'profile' }}
        className="button button--secondary profile-actions__compact"
        labelClassName="profile-actions__label"
      />
      <Link
        className="button button--secondary profile-actions__compact"
        to={`/${profile.username}/settings`}
      >
        <SettingsIcon />
        <span className="profile-actions__label">Settings</span>
      </Link>
      {profile.account_type?.name === 'creator' ? (
        <>
          <button
            type="button"
            className="button button--secondary profile-actions__compact"
            onClick={() => openModal('set-pricing')}
          >
            <LockIcon />
            <span className="profile-actions__label">Set pricing</span>
          </button>
          {/* Create and Payouts (Payout → /payouts) are for creators: a fan's own page has no such menu. */}
          <MoreOptions label="Page options" items={buildPageOptionItems()} />
        </>
      ) : null}
    </div>
  );
}

function MemberActions({ profile }: { profile: TProfile }) {
  const items = useReadOnlyOptionItems({ profile });
  const { openModal } = useModal();
  const isCreator = profile.account_type?.name === 'creator';
  return (
    <div className="profile-actions">
      {/* Follow, the main action, Support and More share a phone's row: Follow shows its
          icon only there, as Share does on the author's row, so every word keeps its room. */}
      {isCreator ? <FollowButton profile={profile} isSignedIn isCompactOnPhone /> : null}
      {isCreator && profile.prices.length > 0 ? (
        <button
          type="button"
          className="button button--primary"
          onClick={() => openModal('join-to-unlock', { options: profile.username })}
        >
          {profile.isSubscribed ? 'Extend' : 'Join'}
          {/* The rest is read out everywhere, and shown from the 600 px breakpoint up: on a
              phone the row keeps Follow, the main action, Support and More whole. */}
          <span className="profile-actions__label">
            {profile.isSubscribed ? ' pass ' : ' '}
            {profile.prices.map((price) => formatPricing(price)).join(' · ')}
          </span>
        </button>
      ) : null}
      {isCreator ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => openModal('support-creator', { options: profile.username })}
        >
          Support
        </button>
      ) : null}
      <MoreOptions label="Profile options" items={items} />
    </div>
  );
}

function GuestActions({ profile }: { profile: TProfile }) {
  const { openModal } = useModal();
  return (
    <div className="profile-actions profile-actions--equal">
      {profile.account_type?.name === 'creator' ? (
        <FollowButton profile={profile} isSignedIn={false} />
      ) : null}
      {/* After signing in the visitor stays on this profile. */}
      <SignInButton variant="secondary" />
      <button type="button" className="button button--secondary" onClick={() => openModal('signup')}>
        Sign Up
      </button>
    </div>
  );
}

function MoreOptions({ label, items }: { label: string; items: MenuItem[] }) {
  return (
    <ResponsiveMenu
      label={label}
      sheetTitle={label}
      triggerClassName="icon-button profile-actions__more"
      trigger={<MoreIcon />}
      items={items}
    />
  );
}
