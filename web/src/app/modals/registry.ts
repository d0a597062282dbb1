import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import type { Audience } from '../access/audience';
import { type ModalName, modalAudiences } from './modal-audiences';

type ModalEntry = {
  /** Shown as the dialog title when the URL gives no `title`. */
  title: string;
  /** Loaded on first use, so modal code stays out of the first-load JavaScript. */
  Body: LazyExoticComponent<ComponentType<ModalBodyProps>>;
  /** 'sheet': a bottom sheet below 600 px (the spec's tip picker), a dialog above. */
  presentation?: 'sheet';
};

/**
 * Every modal that `?modal=<name>` can open: one entry for each name of modal-audiences.ts,
 * which says who may see it. Later features add their entries to both (e.g.
 * unlock-exclusive-content); unknown names open nothing.
 */
const modalRegistry: Record<ModalName, ModalEntry> = {
  messaging: { title: 'Messaging', Body: lazy(() => import('./bodies/messaging-modal')) },
  alert: { title: 'Notice', Body: lazy(() => import('./bodies/alert-modal')) },
  confirm: { title: 'Are you sure?', Body: lazy(() => import('./bodies/confirm-modal')) },
  // Accounts: each form loads with its modal.
  signup: {
    title: 'Sign Up',
    Body: lazy(() => import('../../features/auth/sign-up-modal')),
  },
  signin: {
    title: 'Sign In',
    Body: lazy(() => import('../../features/auth/sign-in-modal')),
  },
  'email-verification': {
    title: 'Verify your email',
    Body: lazy(() => import('../../features/auth/email-verification-modal')),
  },
  'setup-security-question': {
    title: 'Set a security question',
    Body: lazy(() => import('../../features/auth/setup-security-question-modal')),
  },
  'verify-security-question': {
    title: 'Security check',
    Body: lazy(() => import('../../features/auth/verify-security-question-modal')),
  },
  'forgot-password': {
    title: 'Forgot password',
    Body: lazy(() => import('../../features/auth/forgot-password-modal')),
  },
  // Profiles: the options name the profile's username where they need one.
  'edit-account': {
    title: 'Edit Profile',
    Body: lazy(() => import('../../features/profiles/edit-account-modal')),
  },
  'page-more-options-menu': {
    title: 'Page options',
    Body: lazy(() => import('../../features/profiles/page-more-options-modal')),
  },
  'read-only-more-options-menu': {
    title: 'Profile options',
    Body: lazy(() => import('../../features/profiles/read-only-more-options-modal')),
  },
  'book-creator': {
    title: 'Book this creator',
    Body: lazy(() => import('../../features/profiles/book-creator-modal')),
  },
  // Posts: the camera recorder hands its video to /create/video.
  'create-short-video': {
    title: 'Record a short video',
    Body: lazy(() => import('../../features/creator-studio/create-short-video-modal')),
  },
  'report-or-block-profile': {
    title: 'Report or block',
    Body: lazy(() => import('../../features/profiles/report-or-block-modal')),
  },
  // The wallet: '?modal=topup' or '?modal=topup/20' (K20 chosen); the Add a Card modal.
  topup: {
    title: 'Top up',
    Body: lazy(() => import('../../features/wallet/topup-modal')),
  },
  'add-card': {
    title: 'Add a Card',
    Body: lazy(() => import('../../features/wallet/add-card-modal')),
  },
  // Payouts: '?modal=payout', the payouts page's Payout button (creators).
  payout: {
    title: 'Payout',
    Body: lazy(() => import('../../features/payouts/payout-modal')),
  },
  // Tips and support: '?modal=tip-picker/{postId}', '?modal=complete-send-tip-action/{postId}/{tipName}/{amount}',
  // '?modal=support-creator/{username}'.
  'tip-picker': {
    title: 'Send a tip',
    Body: lazy(() => import('../../features/tips/tip-picker-modal')),
    presentation: 'sheet',
  },
  'complete-send-tip-action': {
    title: 'Send a tip',
    Body: lazy(() => import('../../features/tips/complete-send-tip-modal')),
  },
  'support-creator': {
    title: 'Support this creator',
    Body: lazy(() => import('../../features/support/support-creator-modal')),
  },
  // Unlocks: '?modal=unlock-exclusive-content/<postId>', from a locked post's button.
  'unlock-exclusive-content': {
    title: 'Unlock exclusive content',
    Body: lazy(() => import('../../features/unlocks/unlock-exclusive-content-modal')),
  },
  // Passes: '?modal=set-pricing' (the creator's prices), '?modal=join-to-unlock/{username}'.
  'set-pricing': {
    title: 'Set pricing',
    Body: lazy(() => import('../../features/passes/set-pricing-modal')),
  },
  'join-to-unlock': {
    title: 'Join to unlock',
    Body: lazy(() => import('../../features/passes/join-to-unlock-modal')),
  },
  // Audio: '?modal=play-creator-songs/{username}', a creator's tracks to pick one to play.
  'play-creator-songs': {
    title: 'Play songs',
    Body: lazy(() => import('../../features/audio/library/play-creator-songs-modal')),
  },
};

/** The modal a name opens, with who may see it (others are asked to sign in, or told why not). */
export function findModal(name: string): (ModalEntry & { audience: Audience }) | undefined {
  // Object.hasOwn keeps names such as 'constructor' from matching Object.prototype.
  if (!Object.hasOwn(modalRegistry, name)) return undefined;
  return { ...modalRegistry[name as ModalName], audience: modalAudiences[name as ModalName] };
}
