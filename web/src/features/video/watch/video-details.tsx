import type { TVideo } from '@stagepass/contract/video';
import { Link } from 'react-router';
import { useModal } from '../../../lib/modals/use-modal';
import { PriceTag } from '../../../ui/item/price-tag';
import { ReactionBar } from '../../../ui/item/reaction-bar';
import { ShareButton } from '../../../ui/item/share-button';
import { EditIcon } from '../../../ui/page-icons';
import { useReactToVideo } from '../api/react-to-video';
import { toWatchPath } from '../library/video-card';
import { formatViews } from '../video-format';

type VideoDetailsProps = { video: TVideo; isSignedIn: boolean };

/**
 * Under the player: the title, the series it belongs to, its creator, views and what opens
 * it; the five reactions (for viewers who may watch it whole); the description; Share; and
 * for its author, Edit (the spec's edit-episode modal).
 */
export function VideoDetails({ video, isSignedIn }: VideoDetailsProps) {
  const reactToVideo = useReactToVideo(video._id);
  const { openModal } = useModal();
  const isAuthor = video.profileInteraction === 'AUTHOR';
  const published = new Date(video.createdAt);
  return (
    <div className="video-details">
      <h1 className="video-details__title">{video.title}</h1>
      {video.series ? (
        <p className="video-details__series">
          Episode {video.series.position} of{' '}
          <Link to={toWatchPath(video.series._id)}>{video.series.title}</Link>
        </p>
      ) : null}
      <p className="video-details__meta">
        <Link className="video-details__author" to={`/${video.author.pageId}`}>
          {video.author.profileAsset?.secure_url ? (
            <img src={video.author.profileAsset.secure_url} alt="" width="32" height="32" />
          ) : null}
          <span>{video.author.pageName}</span>
        </Link>
        <span>{formatViews(video.views)}</span>
        <time dateTime={video.createdAt}>
          {published.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}
        </time>
        <PriceTag
          item={{
            visibility: video.visibility,
            price: video.price,
            isLocked: !video.hasPaid,
            isOwn: isAuthor,
          }}
          showsAccess
        />
      </p>
      <ReactionBar
        look="toggles"
        itemId={video._id}
        counts={video.reactionCounts}
        viewerReaction={video.viewerReaction}
        isSignedIn={isSignedIn}
        canReact={video.hasPaid}
        lockedNote="Unlock this video to react to it."
        onReact={(kind) => reactToVideo.mutate(video.viewerReaction === kind ? null : kind)}
      />
      {video.description ? <p className="video-details__description">{video.description}</p> : null}
      <div className="video-details__actions">
        <ShareButton
          page={{ title: video.title, path: toWatchPath(video._id), noun: 'video' }}
          className="button button--secondary"
        />
        {isAuthor ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => openModal('edit-episode', { options: video._id })}
          >
            <EditIcon />
            <span>Edit</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}
