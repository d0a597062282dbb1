import { useEffect, useRef, useState } from 'react';
import { readFailureMessage } from '../../../lib/form-request';
import { toast } from '../../../lib/toast';
import { PagedList } from '../../../ui/paged-list';
import { SettingsSection } from '../../../ui/settings-section';
import { type TBlockedAccount, useBlockedAccounts } from '../api/get-blocked-accounts';
import { useUnblockAccount } from '../api/unblock-account';
import { ProfileAvatar } from './profile-avatar';
import './blocked-accounts-section.css';

/**
 * The accounts the signed-in person blocked, newest first, each with Unblock: the one place
 * a block is undone (a blocked profile cannot be opened to undo it there).
 */
export function BlockedAccountsSection() {
  const blocked = useBlockedAccounts();
  const unblock = useUnblockAccount();
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  // Where keyboard focus goes once an unblocked row has left: the row that took its place.
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const accounts = listAccounts(blocked.data?.pages);

  useEffect(() => {
    if (focusIndex === null) return;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('.blocked-account__unblock');
    const next = buttons?.[Math.min(focusIndex, buttons.length - 1)] ?? emptyRef.current;
    next?.focus();
    setFocusIndex(null);
  }, [focusIndex]);

  function unblockAccount(account: TBlockedAccount, index: number) {
    unblock.mutate(
      { userId: account._id },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setFocusIndex(index);
        },
        onError: (error) => toast.error(readFailureMessage(error)),
      },
    );
  }

  return (
    <SettingsSection
      title="Blocked accounts"
      description="You and the accounts you blocked do not see each other's profile or posts. Unblocking shows them again; it does not follow them again."
    >
      <PagedList
        query={blocked}
        itemCount={accounts.length}
        loading={<p role="status">Loading…</p>}
        failed={
          <p className="form__notice form__notice--error" role="alert">
            Your blocked accounts could not be loaded. Try again later.
          </p>
        }
        empty={
          <p ref={emptyRef} className="blocked-accounts__empty" tabIndex={-1}>
            You have not blocked anyone.
          </p>
        }
        moreClassName="form__actions"
        moreLabel="Show more"
        moreButtonClassName="button button--secondary button--small"
      >
        <ul ref={listRef} className="blocked-accounts__list" aria-label="Blocked accounts">
          {accounts.map((account, index) => (
            <BlockedAccountRow
              key={account._id}
              account={account}
              isUnblocking={unblock.isPending && unblock.variables?.userId === account._id}
              onUnblock={() => unblockAccount(account, index)}
            />
          ))}
        </ul>
      </PagedList>
    </SettingsSection>
  );
}

function BlockedAccountRow({
  account,
  isUnblocking,
  onUnblock,
}: {
  account: TBlockedAccount;
  isUnblocking: boolean;
  onUnblock: () => void;
}) {
  return (
    <li className="blocked-account" aria-label={account.name}>
      {/* Decorative: the name is written beside it. */}
      <ProfileAvatar profile={account} size="small" isDecorative />
      <span className="blocked-account__identity">
        <span className="blocked-account__name">{account.name}</span>
        <span className="blocked-account__username">{account.username}</span>
      </span>
      <button
        type="button"
        className="button button--secondary button--small blocked-account__unblock"
        disabled={isUnblocking}
        aria-busy={isUnblocking}
        onClick={onUnblock}
      >
        Unblock<span className="visually-hidden"> {account.name}</span>
      </button>
    </li>
  );
}

/** Every account of the pages loaded so far, once each (a row may move between pages). */
function listAccounts(pages: readonly { accounts: readonly TBlockedAccount[] }[] | undefined) {
  const seen = new Set<string>();
  const accounts: TBlockedAccount[] = [];
  for (const page of pages ?? []) {
    for (const account of page.accounts) {
      if (seen.has(account._id)) continue;
      seen.add(account._id);
      accounts.push(account);
    }
  }
  return accounts;
}
