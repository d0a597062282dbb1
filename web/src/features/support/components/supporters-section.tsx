import { useId } from 'react';
import { Link } from 'react-router';
import { readFailureMessage } from '../../../lib/form-request';
import { formatKwacha } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { ListLoadFailure } from '../../../ui/list-load-failure';
import { PagedList } from '../../../ui/paged-list';
import { type TSupportReceived, useSupporters } from '../api/list-supporters';
import { useSetSupportMessageHidden } from '../api/set-support-message-hidden';
import '../../../ui/badge.css';
import '../../../ui/button.css';
import './supporters-section.css';

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The support the signed-in creator received, newest first: who, what they paid and what the
 * creator earned of it, when, and the fan's message, which the creator may hide and show again.
 */
export function SupportersSection() {
  const titleId = useId();
  const supporters = useSupporters();
  const setHidden = useSetSupportMessageHidden();
  const supports = listSupports(supporters.data?.pages);

  function toggleMessage(support: TSupportReceived) {
    setHidden.mutate(
      { supportId: support.supportId, isHidden: !support.isMessageHidden },
      { onError: (error) => toast.error(readFailureMessage(error)) },
    );
  }

  return (
    <section className="supporters" aria-labelledby={titleId}>
      <h2 id={titleId} className="supporters__title">
        Supporters
      </h2>
      <p className="supporters__lead">
        One-off support and the messages fans sent with it. Only you see these messages.
      </p>
      <PagedList
        query={supporters}
        itemCount={supports.length}
        loading={<p role="status">Loading your supporters…</p>}
        failed={
          <ListLoadFailure
            title="Your supporters could not be loaded."
            onRetry={() => void supporters.refetch()}
          />
        }
        empty={
          <div className="empty-state">
            <p className="empty-state__title">No support yet</p>
            <p className="empty-state__text">
              When a fan presses Support on your page, their amount and message show here.
            </p>
          </div>
        }
        moreClassName="supporters__more"
      >
        <ul className="supporters__list" aria-label="Supporters">
          {supports.map((support) => (
            <SupportItem
              key={support.supportId}
              support={support}
              isBusy={setHidden.isPending && setHidden.variables?.supportId === support.supportId}
              onToggleMessage={() => toggleMessage(support)}
            />
          ))}
        </ul>
      </PagedList>
    </section>
  );
}

function SupportItem({
  support,
  isBusy,
  onToggleMessage,
}: {
  support: TSupportReceived;
  isBusy: boolean;
  onToggleMessage: () => void;
}) {
  const { fan } = support;
  const who = fan?.name ?? 'Deleted account';
  const hasMessage = support.message !== null || support.isMessageHidden;
  return (
    <li className="support-card">
      <div className="support-card__head">
        <p className="support-card__who">
          {fan ? <Link to={`/${fan.username}`}>{fan.name}</Link> : <span>{who}</span>}
        </p>
        <p className="support-card__amount">
          {formatKwacha(support.amount)}
          <span className="support-card__earned">you earned {formatKwacha(support.earned)}</span>
        </p>
      </div>
      <p className="support-card__time">
        <time dateTime={support.sentAt}>{timeFormat.format(new Date(support.sentAt))}</time>
      </p>
      {support.message !== null ? (
        <blockquote className="support-card__message">{support.message}</blockquote>
      ) : support.isMessageHidden ? (
        <p className="support-card__hidden">Message hidden</p>
      ) : null}
      {hasMessage ? (
        <button
          type="button"
          className="button button--secondary button--small support-card__toggle"
          aria-disabled={isBusy}
          onClick={() => {
            if (!isBusy) onToggleMessage();
          }}
        >
          {support.isMessageHidden ? 'Show message' : 'Hide message'}
          <span className="visually-hidden"> from {who}</span>
        </button>
      ) : null}
    </li>
  );
}

/** Every support of the pages loaded so far, once each. */
function listSupports(pages: readonly { supports: readonly TSupportReceived[] }[] | undefined) {
  const seen = new Set<string>();
  const supports: TSupportReceived[] = [];
  for (const page of pages ?? []) {
    for (const support of page.supports) {
      if (seen.has(support.supportId)) continue;
      seen.add(support.supportId);
      supports.push(support);
    }
  }
  return supports;
}
