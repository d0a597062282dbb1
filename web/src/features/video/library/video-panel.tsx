import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useProfileVideos } from '../api/list-videos';
import { ManageVideos } from './manage-videos';
import { PagedVideoGrid } from './paged-video-grid';
import '../video.css';
import './video-library.css';

export type VideoPanelProps = { username: string; name: string; isAuthor: boolean };

/**
 * The profile's Videos tab: the creator's videos and series (profile_videos), newest first,
 * twelve a page; a series says how many episodes it has. Its author also sees those still
 * processing or failed, and may switch to the manage list (every video, episodes included,
 * to edit, select and delete). The app hands it to the profile page, loaded when the tab
 * is first opened.
 */
export default function VideoPanel({ username, name, isAuthor }: VideoPanelProps) {
  const [isManaging, setIsManaging] = useState(false);
  if (isAuthor && isManaging) {
    return <ManageVideos username={username} onDone={() => setIsManaging(false)} />;
  }
  return (
    <div className="video-panel">
      {isAuthor ? (
        <div className="video-panel__actions">
          <Link className="button button--secondary" to="/create/video">
            Publish a video
          </Link>
          <button type="button" className="button button--secondary" onClick={() => setIsManaging(true)}>
            Manage videos
          </button>
        </div>
      ) : null}
      <ProfileVideoGrid username={username} name={name} isAuthor={isAuthor} />
    </div>
  );
}

function ProfileVideoGrid({ username, name, isAuthor }: VideoPanelProps) {
  const query = useProfileVideos(username);
  const label = `Videos of ${name}`;
  // A profile that is not a creator's has no videos (the server knows no such creator).
  const isNotCreator = query.error instanceof ApiError && query.error.status === 404;
  const empty = (
    <div className="empty-state">
      <p className="empty-state__title">No videos yet</p>
      <p className="empty-state__text">
        {isAuthor ? 'What you publish will show here.' : `When ${name} publishes a video, it will show here.`}
      </p>
    </div>
  );
  if (isNotCreator) return empty;
  return <PagedVideoGrid query={query} label={label} empty={empty} hidesAuthor />;
}
