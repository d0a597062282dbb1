import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { formatKwacha } from '../../lib/money';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ListLoadFailure } from '../../ui/list-load-failure';
import { PagedList } from '../../ui/paged-list';
import { type TMember, useMembers } from './api/list-members';
import {
  describeActiveCount,
  describeMembership,
  describeRenewal,
  describeSpendParts,
} from './member-format';
import '../../ui/page.css';
import '../../ui/badge.css';
import '../../ui/button.css';
import './members.css';

/**
 * /members (creators): who holds or held a pass, newest member first, with the period, since
 * when, whether it renews and what each fan spent with the creator in all; then the section
 * the app hands in (the fans' support and their messages).
 */
export function MembersPage({ supporters }: { supporters?: ReactNode }) {
  useDocumentTitle('Members');
  const members = useMembers();
  const list = listMembers(members.data?.pages);
  const activeCount = members.data?.pages[0]?.activeCount;
  return (
    <div className="page members-page">
      <h1 className="page__title">Members</h1>
      <p className="page__lead">
        Fans who bought a pass to your page, newest first. Spent is what each fan paid you in all, before the
        platform fee.
      </p>
      {activeCount === undefined ? null : (
        <p className="members__count" aria-live="polite">
          {describeActiveCount(activeCount)}
        </p>
      )}
      <PagedList
        query={members}
        itemCount={list.length}
        loading={<p role="status">Loading your members…</p>}
        failed={
          <ListLoadFailure title="Your members could not be loaded." onRetry={() => void members.refetch()} />
        }
        empty={
          <div className="empty-state">
            <p className="empty-state__title">No members yet</p>
            <p className="empty-state__text">
              Fans who buy a pass to your page show here. Set your pass prices from your profile.
            </p>
          </div>
        }
        moreClassName="members__more"
      >
        <ul className="members__list" aria-label="Members">
          {list.map((member) => (
            <MemberItem key={member.fan.username} member={member} />
          ))}
        </ul>
      </PagedList>
      {supporters}
    </div>
  );
}

function MemberItem({ member }: { member: TMember }) {
  const nameId = useId();
  const { fan, spent } = member;
  const parts = describeSpendParts(spent);
  return (
    <li>
      <article className="member-card" aria-labelledby={nameId}>
        <div className="member-card__head">
          <MemberAvatar name={fan.name} imageUrl={fan.imageAsset?.secure_url ?? null} />
          <div className="member-card__who">
            <h2 id={nameId} className="member-card__name">
              <Link to={`/${fan.username}`}>{fan.name}</Link>
            </h2>
            <p className="member-card__meta">{fan.username}</p>
          </div>
          <div className="member-card__badges">
            <span className={`badge ${member.isActive ? 'badge--success' : 'badge--muted'}`}>
              {member.isActive ? 'Active' : 'Ended'}
            </span>
            {member.isBlocked ? <span className="badge badge--danger">Blocked</span> : null}
          </div>
        </div>
        <p className="member-card__meta">{describeMembership(member)}</p>
        <p className="member-card__meta">
          <time dateTime={member.expiresAt}>{describeRenewal(member)}</time>
        </p>
        <p className="member-card__spent">
          Spent {formatKwacha(spent.total)} in all
          {parts ? <span className="member-card__parts">{parts}</span> : null}
        </p>
      </article>
    </li>
  );
}

/** The fan's picture, or their initial; decorative, as the name is written beside it. */
function MemberAvatar({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  if (imageUrl) {
    return (
      <img className="member-card__avatar" src={imageUrl} alt="" width={40} height={40} loading="lazy" />
    );
  }
  return (
    <span className="member-card__avatar member-card__avatar--initial" aria-hidden="true">
      {[...name.trim()][0]?.toUpperCase() ?? '?'}
    </span>
  );
}

/** Every member of the pages loaded so far, once each (a row may move between pages). */
function listMembers(pages: readonly { members: readonly TMember[] }[] | undefined): TMember[] {
  const seen = new Set<string>();
  const members: TMember[] = [];
  for (const page of pages ?? []) {
    for (const member of page.members) {
      if (seen.has(member.fan.username)) continue;
      seen.add(member.fan.username);
      members.push(member);
    }
  }
  return members;
}
