import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { Audience } from '../access/audience';
import type { ModalBodyProps } from './modal-types';

type ModalEntry = {
  /** Shown as the dialog title when the URL gives no `title`. */
  title: string;
  /** Who may see it (any URL can name any modal): others are asked to sign in, or told why not. */
  audience: Audience;
  /** Loaded on first use, so modal code stays out of the first-load JavaScript. */
  Body: LazyExoticComponent<ComponentType<ModalBodyProps>>;
};

/**
 * Every modal that `?modal=<name>` can open. Later features add their entries here
 * (e.g. edit-account, unlock-exclusive-content); unknown names open nothing.
 */
const modalRegistry: Record<string, ModalEntry> = {
  messaging: { title: 'Messaging', audience: 'anyone', Body: lazy(() => import('./bodies/messaging-modal')) },
  alert: { title: 'Notice', audience: 'anyone', Body: lazy(() => import('./bodies/alert-modal')) },
  confirm: { title: 'Are you sure?', audience: 'anyone', Body: lazy(() => import('./bodies/confirm-modal')) },
  // Accounts: each form loads with its modal.
  signup: {
    title: 'Sign Up',
    audience: 'anyone',
    Body: lazy(() => import('../../features/auth/sign-up-modal')),
  },
  signin: {
    title: 'Sign In',
    audience: 'anyone',
    Body: lazy(() => import('../../features/auth/sign-in-modal')),
  },
  'email-verification': {
    title: 'Verify your email',
    audience: 'signed-in',
    Body: lazy(() => import('../../features/auth/email-verification-modal')),
  },
  'setup-security-question': {
    title: 'Set a security question',
    audience: 'signed-in',
    Body: lazy(() => import('../../features/auth/setup-security-question-modal')),
  },
  'verify-security-question': {
    title: 'Security check',
    audience: 'signed-in',
    Body: lazy(() => import('../../features/auth/verify-security-question-modal')),
  },
  'forgot-password': {
    title: 'Forgot password',
    audience: 'anyone',
    Body: lazy(() => import('../../features/auth/forgot-password-modal')),
  },
  // Profiles: the options name the profile's username where they need one.
  'edit-account': {
    title: 'Edit Profile',
    audience: 'signed-in',
    Body: lazy(() => import('../../features/profile/edit-account-modal')),
  },
  'page-more-options-menu': {
    title: 'Page options',
    audience: 'creator',
    Body: lazy(() => import('../../features/profile/page-more-options-modal')),
  },
  'read-only-more-options-menu': {
    title: 'Profile options',
    audience: 'signed-in',
    Body: lazy(() => import('../../features/profile/read-only-more-options-modal')),
  },
  'book-creator': {
    title: 'Book this creator',
    audience: 'signed-in',
    Body: lazy(() => import('../../features/profile/book-creator-modal')),
  },
  // Posts: the camera recorder hands its video to /create/video.
  'create-short-video': {
    title: 'Record a short video',
    audience: 'creator',
    Body: lazy(() => import('../../features/creator-studio/create-short-video-modal')),
  },
  'report-or-block-profile': {
    title: 'Report or block',
    audience: 'signed-in',
    Body: lazy(() => import('../../features/profile/report-or-block-modal')),
  },
  // The wallet: '?modal=topup' or '?modal=topup/20' (K20 chosen); the Add a Card modal.
  topup: {
    title: 'Top up',
    audience: 'signed-in',
    Body: lazy(() => import('../../features/wallet/topup-modal')),
  },
  'add-card': {
    title: 'Add a Card',
    audience: 'signed-in',
    Body: lazy(() => import('../../features/wallet/add-card-modal')),
  },
};

/** The names `?modal=` accepts, for tests that open every one of them. */
export const modalNames = Object.keys(modalRegistry);

export function findModal(name: string): ModalEntry | undefined {
  // Object.hasOwn keeps names such as 'constructor' from matching Object.prototype.
  return Object.hasOwn(modalRegistry, name) ? modalRegistry[name] : undefined;
}
