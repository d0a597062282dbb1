import type { RefObject } from 'react';
import { Link } from 'react-router';
import { useModal } from '../../lib/modals/use-modal';
import { isCreator, useSession } from '../../lib/session';
import { BellIcon, CompassIcon, LogoMark, MenuIcon, PlusIcon } from '../../ui/icons';
import { AccountMenu } from './account-menu';
import { ProgressBar } from './progress-bar';
import { SearchForm } from './search-form';
import './top-bar.css';

type TopBarProps = {
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  /** Opens the side bar as a drawer (mobile only; the button is hidden on wide screens). */
  onOpenMenu: () => void;
  /** Starts loading the drawer before the tap lands. */
  onPrepareMenu: () => void;
  isMenuOpen: boolean;
};

export function TopBar({ menuButtonRef, onOpenMenu, onPrepareMenu, isMenuOpen }: TopBarProps) {
  const { data: user, isPending } = useSession();
  const { openModal } = useModal();

  return (
    <header className="top-bar">
      {/* Fixed to the top of the viewport; inside the banner so it belongs to a landmark. */}
      <ProgressBar />
      <button
        ref={menuButtonRef}
        type="button"
        className="icon-button top-bar__menu-button"
        aria-label="Open menu"
        aria-expanded={isMenuOpen}
        onClick={onOpenMenu}
        onPointerEnter={onPrepareMenu}
        onFocus={onPrepareMenu}
      >
        <MenuIcon />
      </button>
      <Link to="/creators/featured" className="brand">
        <LogoMark />
        <span className="brand__name">Stagepass</span>
      </Link>
      <SearchForm />
      <div className="top-bar__actions">
        {isCreator(user) ? (
          <Link to="/creator-studio/create" className="button button--primary top-bar__cta">
            <PlusIcon />
            <span className="top-bar__cta-label">Create</span>
          </Link>
        ) : (
          <Link to="/creators/featured" className="button button--secondary top-bar__cta">
            <CompassIcon />
            <span className="top-bar__cta-label">Find Creators</span>
          </Link>
        )}
        <Link to="/notifications/all" className="icon-button" aria-label="Notifications">
          <BellIcon />
        </Link>
        {/* Hidden while the session loads, so a signed-in visitor never sees it flash. */}
        {!user && !isPending ? (
          <button
            type="button"
            className="button button--primary top-bar__sign-up"
            onClick={() => openModal('signup')}
          >
            Sign Up
          </button>
        ) : null}
        <AccountMenu />
      </div>
    </header>
  );
}
