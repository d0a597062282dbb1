import { useId } from 'react';
import { Link } from 'react-router';
import '../../../ui/badge.css';
import type { TPass } from '../api/list-passes';
import { formatPassEnd, formatPassPrice, formatPeriodTitle } from '../pass-format';
import { AutoRenewSwitch } from './auto-renew-switch';
import { PodcastFeed } from './podcast-feed';

/** One pass: the creator, the period and its price now, when it ends or ended, and its renewal switch. */
export function PassItem({ pass }: { pass: TPass }) {
  const nameId = useId();
  const { creator } = pass;
  return (
    <li>
      <article className="pass-card" aria-labelledby={nameId}>
        <div className="pass-card__head">
          <PassAvatar name={creator.name} imageUrl={creator.imageAsset?.secure_url ?? null} />
          <div className="pass-card__who">
            <h2 id={nameId} className="pass-card__name">
              <Link to={`/${creator.username}`}>{creator.name}</Link>
            </h2>
            <p className="pass-card__meta">
              {formatPeriodTitle(pass.period)} pass
              {pass.renewalPrice === null
                ? ''
                : ` · ${formatPassPrice({ period: pass.period, price: pass.renewalPrice })}`}
            </p>
          </div>
          <span className={`badge ${pass.isActive ? 'badge--success' : 'badge--muted'}`}>
            {pass.isActive ? (pass.isEndingSoon ? 'Ends soon' : 'Active') : 'Ended'}
          </span>
        </div>
        <p className="pass-card__expiry">
          <time dateTime={pass.expiresAt}>{formatPassEnd(pass)}</time>
        </p>
        {pass.isActive ? <AutoRenewSwitch pass={pass} /> : null}
        {pass.isActive ? <PodcastFeed username={creator.username} creatorName={creator.name} /> : null}
        {!pass.isActive || (pass.isEndingSoon && !pass.isAutoRenew) ? (
          <Link
            className="button button--secondary button--small"
            to={`/manage-membership/${creator.username}`}
          >
            {pass.isActive ? 'Extend pass' : 'Join again'}
          </Link>
        ) : null}
      </article>
    </li>
  );
}

/** The creator's picture, or their initial; decorative, as the name is written beside it. */
function PassAvatar({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  if (imageUrl) {
    return <img className="pass-card__avatar" src={imageUrl} alt="" width={48} height={48} loading="lazy" />;
  }
  return (
    <span className="pass-card__avatar pass-card__avatar--initial" aria-hidden="true">
      {[...name.trim()][0]?.toUpperCase() ?? '?'}
    </span>
  );
}
