import { useNavigate } from 'react-router';
import { useSignOut } from '../../features/auth/api/sign-out';
import { genericErrorMessage } from '../../lib/api-client';
import { useModal } from '../../lib/modals/use-modal';
import { formatKwacha } from '../../lib/money';
import { type TSessionUser, useSession } from '../../lib/session';
import { useTheme } from '../../lib/theme/theme-store';
import { toast } from '../../lib/toast';
import { MoonIcon, SignInIcon, SignOutIcon, TicketIcon, UserIcon, WalletIcon } from '../../ui/icons';
import type { MenuItem } from '../../ui/menu-items';
import { ResponsiveMenu } from '../../ui/responsive-menu';
import './account-menu.css';

/** The avatar button and its menu: profile, wallet balance, passes, the dark-mode switch, and sign in or out. */
export function AccountMenu() {
  const { data: user } = useSession();
  const { isDark, setTheme } = useTheme();
  const { openModal } = useModal();
  const navigate = useNavigate();
  const signOut = useSignOut({
    onSuccess: ({ message, providerLogoutUrl }) => {
      // Signed in through the provider: sign out there too; it sends the browser back to /.
      if (providerLogoutUrl) {
        window.location.assign(providerLogoutUrl);
        return;
      }
      toast.success(message);
      navigate('/');
    },
    onError: () => toast.error(genericErrorMessage),
  });

  const themeItem: MenuItem = {
    kind: 'checkbox',
    label: 'Dark mode',
    isChecked: isDark,
    onCheckedChange: (isChecked) => setTheme(isChecked ? 'dark' : 'light'),
    icon: <MoonIcon />,
  };

  const items: MenuItem[] = user
    ? [
        { kind: 'link', label: 'View Profile', to: `/${user.username}`, icon: <UserIcon /> },
        {
          kind: 'link',
          // The session carries the balance; a settled top-up fetches the session again.
          label: `Wallet ${formatKwacha(user.accountBalance.amount)}`,
          to: '/wallet',
          icon: <WalletIcon />,
        },
        { kind: 'link', label: 'Your passes', to: '/passes', icon: <TicketIcon /> },
        // A creator's fans: their members and supporters (with the messages sent to them).
        ...(user.account_type?.name === 'creator'
          ? [{ kind: 'link', label: 'Members and supporters', to: '/members', icon: <UserIcon /> } as const]
          : []),
        themeItem,
        { kind: 'action', label: 'Log Out', onSelect: () => signOut.mutate(), icon: <SignOutIcon /> },
      ]
    : [
        themeItem,
        { kind: 'action', label: 'Sign In', onSelect: () => openModal('signin'), icon: <SignInIcon /> },
      ];

  return (
    <ResponsiveMenu
      label="Account menu"
      sheetTitle="Account"
      triggerClassName="icon-button avatar-button"
      trigger={<Avatar user={user} />}
      items={items}
    />
  );
}

function Avatar({ user }: { user: TSessionUser | null | undefined }) {
  if (!user) return <UserIcon />;
  // The session is the one source of the signed-in person's picture.
  if (user.imageAsset) {
    return (
      <img className="avatar avatar--photo" src={user.imageAsset.secure_url} alt="" width={40} height={40} />
    );
  }
  // The first letter of the name (a whole character, emoji included), else of the username.
  const initial = [...(user.name.trim() || user.username.replace(/^@/, ''))][0]?.toUpperCase() ?? '?';
  return (
    <span className="avatar" aria-hidden="true">
      {initial}
    </span>
  );
}
