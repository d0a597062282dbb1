import { NavLink } from 'react-router';
import { useModal } from '../../lib/modals/use-modal';
import { useSession } from '../../lib/session';
import { BellIcon, CompassIcon, FeedIcon, HeartIcon, HomeIcon, SignInIcon, UserIcon } from '../../ui/icons';
import './side-nav.css';

type SideNavProps = {
  /** Called after any entry is chosen, so the mobile drawer can close. */
  onEntryChosen?: () => void;
};

/** The main navigation: in the side column on wide screens, in the drawer on mobile. */
export function SideNav({ onEntryChosen }: SideNavProps) {
  const { data: user } = useSession();
  const { openModal } = useModal();

  return (
    <nav aria-label="Main" className="side-nav">
      <ul className="side-nav__list">
        <li>
          <NavLink className="row-action side-nav__link" to="/creators/featured" onClick={onEntryChosen}>
            <HomeIcon />
            <span>Home</span>
          </NavLink>
        </li>
        <li>
          <NavLink className="row-action side-nav__link" to="/discover" onClick={onEntryChosen}>
            <CompassIcon />
            <span>Discover</span>
          </NavLink>
        </li>
        <li>
          <NavLink className="row-action side-nav__link" to="/notifications/all" onClick={onEntryChosen}>
            <BellIcon />
            <span>Notifications</span>
          </NavLink>
        </li>
        {user ? (
          <li>
            <NavLink className="row-action side-nav__link" to="/feed" end onClick={onEntryChosen}>
              <FeedIcon />
              <span>Following</span>
            </NavLink>
          </li>
        ) : null}
        {user ? (
          <li>
            <NavLink className="row-action side-nav__link" to="/creators/favourites" onClick={onEntryChosen}>
              <HeartIcon />
              <span>Favourites</span>
            </NavLink>
          </li>
        ) : null}
        <li>
          {user ? (
            <NavLink
              className="row-action side-nav__link"
              to={`/${user.username}`}
              end
              onClick={onEntryChosen}
            >
              <UserIcon />
              <span>View Profile</span>
            </NavLink>
          ) : (
            <button
              type="button"
              className="row-action side-nav__link"
              onClick={() => {
                onEntryChosen?.();
                openModal('signin');
              }}
            >
              <SignInIcon />
              <span>Sign In</span>
            </button>
          )}
        </li>
      </ul>
    </nav>
  );
}
