import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { formatCategory, formatFollowers } from '../../lib/format-creator';
import { formatUsername } from '../../lib/format-username';
import { type TSessionUser, useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { NotFound } from '../../ui/not-found';
import { PageLoadFailure } from '../../ui/page-load-failure';
import { profilesQueryKey, type TProfile, useProfile } from './api/get-profile';
import { ProfileActions, type Viewer } from './components/profile-actions';
import { ProfileAvatar } from './components/profile-avatar';
import { type AudioParts, type PostsPanel, ProfileTabs, type VideoPanel } from './components/profile-tabs';
import { formatExpiry, formatPrices } from './profile-format';
import '../../ui/badge.css';
import '../../ui/page.css';
import './profile-page.css';

/**
 * /{username}: a creator's or fan's page, with what the viewer may do there. The app gives
 * it the posts feature's list, the video feature's videos and the audio feature's tracks for its tabs
 * (app/composed-pages/profile-page.tsx).
 */
export function ProfilePage({
  PostsPanel,
  VideoPanel,
  audio,
}: {
  PostsPanel: PostsPanel;
  VideoPanel: VideoPanel;
  audio: AudioParts;
}) {
  const { username = '' } = useParams();
  const profile = useProfile(username);
  const session = useSession();
  useRefetchWhenViewerChanges(session.isPending ? undefined : (session.data?._id ?? null));
  useDocumentTitle(profile.data?.name ?? formatUsername(username));

  if (profile.data)
    return (
      <ProfileView
        profile={profile.data}
        session={session}
        PostsPanel={PostsPanel}
        VideoPanel={VideoPanel}
        audio={audio}
      />
    );
  if (profile.error instanceof ApiError && profile.error.status === 404) return <NotFound />;
  if (profile.isError) {
    return (
      <PageLoadFailure title="This profile could not be loaded" onRetry={() => void profile.refetch()} />
    );
  }
  return <ProfileSkeleton />;
}

/**
 * Who is looking decides followStatus and profileInteraction, so signing in or out on this
 * page (the sign-in modal keeps the visitor here) fetches the profile again.
 */
function useRefetchWhenViewerChanges(viewerId: string | null | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef(viewerId);
  useEffect(() => {
    if (previous.current !== undefined && viewerId !== undefined && previous.current !== viewerId) {
      void queryClient.invalidateQueries({ queryKey: profilesQueryKey });
    }
    if (viewerId !== undefined) previous.current = viewerId;
  }, [viewerId, queryClient]);
}

function readViewer(profile: TProfile, user: TSessionUser | null | undefined): Viewer | null {
  if (user === undefined) return null;
  if (user === null) return 'guest';
  return profile.profileInteraction === 'AUTHOR' ? 'author' : 'member';
}

function ProfileView({
  profile,
  session,
  PostsPanel,
  VideoPanel,
  audio,
}: {
  profile: TProfile;
  session: { data: TSessionUser | null | undefined };
  PostsPanel: PostsPanel;
  VideoPanel: VideoPanel;
  audio: AudioParts;
}) {
  const viewer = readViewer(profile, session.data);
  const category = profile.account_type?.cartegory;
  const isCreator = profile.account_type?.name === 'creator';

  return (
    <div className="page profile">
      <header className="profile__header">
        <ProfileAvatar profile={profile} />
        <div className="profile__identity">
          <h1 className="profile__name">{profile.name}</h1>
          <p className="profile__username">{profile.username}</p>
          {/* Only a creator's page has facts to list: a fan is not followed, sells no pass. */}
          {isCreator ? (
            <ul className="profile__facts" aria-label="About this profile">
              {category ? <li className="profile__category">{formatCategory(category)}</li> : null}
              <li className="profile__followers">{formatFollowers(profile.followers_count)}</li>
              {profile.prices.length > 0 ? (
                <li className="profile__pricing">
                  <span className="visually-hidden">Passes: </span>
                  {formatPrices(profile.prices)}
                </li>
              ) : null}
              {profile.isSubscribed && profile.passExpiresAt ? (
                <li className="profile__subscribed" data-testid="profile-subscribed">
                  <span className="badge badge--success">Pass holder</span> until{' '}
                  {formatExpiry(profile.passExpiresAt)}
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>
      </header>
      {/* Kept at its height while the session loads, so the page does not jump. */}
      <div className="profile__actions-slot">
        {viewer ? <ProfileActions profile={profile} viewer={viewer} /> : null}
      </div>
      {profile.bio ? <p className="profile__bio">{profile.bio}</p> : null}
      {/* A fan publishes nothing: their page is who they are, not empty Posts/Videos/Audio tabs. */}
      {isCreator ? (
        <ProfileTabs
          name={profile.name}
          username={profile.username}
          isAuthor={viewer === 'author'}
          PostsPanel={PostsPanel}
          VideoPanel={VideoPanel}
          audio={audio}
        />
      ) : viewer === 'author' ? (
        <FanOwnPage />
      ) : null}
      {profile.about ? (
        <section className="profile__about" aria-labelledby="profile-about-title">
          <h2 id="profile-about-title" className="profile__section-title">
            About
          </h2>
          <p className="profile__about-text">{profile.about}</p>
        </section>
      ) : null}
    </div>
  );
}

/** What a fan's own page offers instead of creator tabs: the creators they follow, and more. */
function FanOwnPage() {
  return (
    <section className="profile__fan" aria-labelledby="profile-fan-title">
      <h2 id="profile-fan-title" className="profile__section-title">
        Following
      </h2>
      <p className="profile__fan-text">
        The creators you follow are in <Link to="/creators/favourites">your favourites</Link>; their posts
        come to <Link to="/feed">your feed</Link>. Your passes are on{' '}
        <Link to="/passes">the passes page</Link>.
      </p>
    </section>
  );
}

function ProfileSkeleton() {
  return (
    <div className="page profile" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading the profile…
      </p>
      <div className="profile__header" aria-hidden="true">
        <span className="profile-avatar profile-avatar--large skeleton" />
        <div className="profile__identity">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" />
        </div>
      </div>
    </div>
  );
}
