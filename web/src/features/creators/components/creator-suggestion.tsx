import type { TCreatorCard } from '@stagepass/contract/profiles';
import { formatCategory } from '../../../lib/format-creator';
import { formatUsername } from '../../../lib/format-username';
import { CreatorAvatar } from './creator-avatar';
import './creator-suggestion.css';

/** A creator as one line of the search suggestions: picture, name, @username and category. */
export function CreatorSuggestion({ creator }: { creator: TCreatorCard }) {
  return (
    <span className="creator-suggestion">
      <CreatorAvatar creator={creator} size={36} />
      <span className="creator-suggestion__text">
        <span className="creator-suggestion__name">{creator.name}</span>
        <span className="creator-suggestion__details">
          {formatUsername(creator.username)}
          {creator.cartegory ? ` · ${formatCategory(creator.cartegory)}` : ''}
        </span>
      </span>
    </span>
  );
}
