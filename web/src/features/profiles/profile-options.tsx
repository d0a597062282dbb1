import { useModal } from '../../lib/modals/use-modal';
import type { MenuItem } from '../../ui/menu-items';
import {
  AudioIcon,
  CalendarIcon,
  FlagIcon,
  FollowIcon,
  ImageIcon,
  MessageIcon,
  TextIcon,
  UnfollowIcon,
  VideoIcon,
  WalletIcon,
} from '../../ui/page-icons';
import type { TProfile } from './api/get-profile';
import { useToggleFollow } from './api/toggle-follow';

/** The spec's page-more-options-menu of the owner: Create (Video, Audio, Text, Image), Payouts (Payout). */
export function buildPageOptionItems(): MenuItem[] {
  return [
    {
      kind: 'group',
      label: 'Create',
      items: [
        { kind: 'link', label: 'Video', to: '/create/video', icon: <VideoIcon /> },
        { kind: 'link', label: 'Audio', to: '/create/audio', icon: <AudioIcon /> },
        { kind: 'link', label: 'Text', to: '/create/text', icon: <TextIcon /> },
        { kind: 'link', label: 'Image', to: '/create/photo', icon: <ImageIcon /> },
      ],
    },
    {
      kind: 'group',
      label: 'Payouts',
      items: [{ kind: 'link', label: 'Payout', to: '/payouts', icon: <WalletIcon /> }],
    },
  ];
}

type ReadOnlyOptions = {
  profile: Pick<TProfile, 'username' | 'followStatus' | 'account_type'>;
  /**
   * Inside the query-driven modal the next modal replaces it (rather than stacking a
   * history entry on a closing one), and Follow closes it.
   */
  isInModal?: boolean;
  closeModal?: () => void;
};

/**
 * The spec's read-only-more-options-menu on another person's profile: Book, Unfollow (or
 * Follow) and Message, plus Report or block. Booking and following apply to creators only.
 */
export function useReadOnlyOptionItems({ profile, isInModal = false, closeModal }: ReadOnlyOptions) {
  const { openModal } = useModal();
  const toggleFollow = useToggleFollow();
  const isCreatorProfile = profile.account_type?.name === 'creator';
  const open = (name: string, options = '') => openModal(name, { options, shouldReplace: isInModal });

  const items: MenuItem[] = [];
  if (isCreatorProfile) {
    items.push(
      {
        kind: 'action',
        label: 'Book',
        onSelect: () => open('book-creator', profile.username),
        icon: <CalendarIcon />,
      },
      {
        kind: 'action',
        label: profile.followStatus ? 'Unfollow' : 'Follow',
        onSelect: () => {
          toggleFollow.mutate({ username: profile.username });
          closeModal?.();
        },
        icon: profile.followStatus ? <UnfollowIcon /> : <FollowIcon />,
      },
    );
  }
  items.push(
    { kind: 'action', label: 'Message', onSelect: () => open('messaging'), icon: <MessageIcon /> },
    {
      kind: 'action',
      label: 'Report or block',
      onSelect: () => open('report-or-block-profile', profile.username),
      icon: <FlagIcon />,
      isDestructive: true,
    },
  );
  return items;
}
