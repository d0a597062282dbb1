import type { TCreatorCard } from '@stagepass/contract/profiles';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCategory, formatFollowers } from '../../../lib/format-creator';
import { formatUsername } from '../../../lib/format-username';
import { CreatorAvatar } from './creator-avatar';
import { getProfilePath } from './format-creator';
import './creator-card.css';

type CreatorCardProps = {
  creator: TCreatorCard;
  /** A control shown in the card's footer, above the card's link (the Follow button). */
  action?: ReactNode;
};

/**
 * One creator in a list. The whole card opens the profile: the name's link stretches over
 * the card (a link cannot hold the Follow button), so a screen reader hears one link named
 * after the creator rather than every line of the card.
 */
export function CreatorCard({ creator, action }: CreatorCardProps) {
  return (
    <li className="creator-card">
      <div className="creator-card__header">
        <CreatorAvatar creator={creator} size={56} />
        <div className="creator-card__identity">
          <h2 className="creator-card__name">
            <Link className="creator-card__link" to={getProfilePath(creator.username)}>
              {creator.name}
            </Link>
          </h2>
          <p className="creator-card__username">{formatUsername(creator.username)}</p>
        </div>
      </div>
      {creator.cartegory ? (
        <p className="creator-card__category">{formatCategory(creator.cartegory)}</p>
      ) : null}
      {creator.bio ? <p className="creator-card__bio">{creator.bio}</p> : null}
      <div className="creator-card__footer">
        <p className="creator-card__followers">{formatFollowers(creator.followers_count)}</p>
        {action ? <div className="creator-card__action">{action}</div> : null}
      </div>
    </li>
  );
}

/** Stands in for a card while a page of creators loads; hidden from assistive tech. */
export function CreatorCardSkeleton() {
  return (
    <li className="creator-card creator-card--skeleton" aria-hidden="true">
      <div className="creator-card__header">
        <span className="skeleton-block skeleton-block--round" />
        <div className="creator-card__identity">
          <span className="skeleton-block skeleton-block--title" />
          <span className="skeleton-block skeleton-block--line-short" />
        </div>
      </div>
      <span className="skeleton-block skeleton-block--line" />
      <span className="skeleton-block skeleton-block--line" />
      <span className="skeleton-block skeleton-block--line-short" />
    </li>
  );
}
