import { useId } from 'react';
import { toast } from '../../../lib/toast';
import { useCreatePodcastFeed } from '../api/create-podcast-feed';

/**
 * A pass holder's private podcast feed of the creator: an address to paste into a podcast
 * app, which then plays the tracks the pass opens. It stops working when the pass ends, so
 * the text says so; the address is the fan's own, not to be shared.
 */
export function PodcastFeed({ username, creatorName }: { username: string; creatorName: string }) {
  const feed = useCreatePodcastFeed();
  const fieldId = useId();
  const hintId = useId();

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Feed address copied');
    } catch {
      toast.error('Copy it from the field instead.');
    }
  }

  if (!feed.data) {
    return (
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={feed.isPending}
        onClick={() => feed.mutate(username, { onError: (error) => toast.error(error.message) })}
      >
        {feed.isPending ? 'Getting the feed…' : 'Podcast feed'}
      </button>
    );
  }
  const { feedUrl } = feed.data;
  return (
    <div className="podcast-feed">
      <label htmlFor={fieldId} className="podcast-feed__label">
        Private podcast feed of {creatorName}
      </label>
      <div className="podcast-feed__row">
        <input
          id={fieldId}
          className="podcast-feed__url"
          readOnly
          value={feedUrl}
          aria-describedby={hintId}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void copy(feedUrl)}
        >
          Copy
        </button>
      </div>
      <p id={hintId} className="podcast-feed__hint">
        Paste it into your podcast app. It is yours alone and stops working when your pass ends.
      </p>
    </div>
  );
}
