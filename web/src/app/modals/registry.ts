import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { parseCompleteSendTipOptions } from '../../features/tips/tip-options';
import { parseUnlockOptions } from '../../features/unlocks/api/unlock-target';
import {
  type ModalOptionsParser,
  NO_SUCH_VIDEO,
  parseAnyOptions,
  postIdOptionsParser,
  usernameOptionsParser,
} from '../../lib/modals/modal-options';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import type { Audience } from '../access/audience';
import { type ModalName, modalAudiences } from './modal-audiences';
import { withParsedOptions } from './parsed-options-body';

type ModalEntry = {
  /** Shown as the dialog title when the URL gives no `title`. */
  title: string;
  /** The body behind its options' parser, loaded on first use. */
  Body: LazyExoticComponent<ComponentType<ModalBodyProps>>;
  /** The parser of the modal's options (lib/modals/modal-options.ts). */
  parseOptions: ModalOptionsParser<unknown>;
  /** 'sheet': a bottom sheet below 600 px (the spec's tip picker), a dialog above. */
  presentation?: 'sheet';
};

type ModalDefinition<TOptions> = {
  title: string;
  /**
   * Reads the options of the URL before the body renders: an invalid value shows the
   * parser's calm sentence instead, so a bad address fetches nothing.
   */
  parseOptions: ModalOptionsParser<TOptions>;
  load: () => Promise<{ default: ComponentType<ModalBodyProps<TOptions>> }>;
  presentation?: 'sheet';
};

/** Ties a modal's parser to its body's options type; the body loads when the modal first opens. */
function defineModal<TOptions>({
  title,
  parseOptions,
  load,
  presentation,
}: ModalDefinition<TOptions>): ModalEntry {
  return {
    title,
    presentation,
    parseOptions: parseOptions as ModalOptionsParser<unknown>,
    Body: lazy(async () => ({ default: withParsedOptions(parseOptions, (await load()).default) })),
  };
}

/**
 * Every modal that `?modal=<name>` can open: one entry for each name of modal-audiences.ts,
 * which says who may see it, with the parser of its options (lib/modals/modal-options.ts).
 * Later features add their entries to both; unknown names open nothing.
 */
const modalRegistry: Record<ModalName, ModalEntry> = {
  messaging: defineModal({
    title: 'Messaging',
    parseOptions: parseAnyOptions,
    load: () => import('./bodies/messaging-modal'),
  }),
  alert: defineModal({
    title: 'Notice',
    parseOptions: parseAnyOptions,
    load: () => import('./bodies/alert-modal'),
  }),
  // 'delete.k3f9x2': the type and the pending request (anything else is a plain 'close').
  confirm: defineModal({
    title: 'Are you sure?',
    parseOptions: parseAnyOptions,
    load: () => import('./bodies/confirm-modal'),
  }),
  // Accounts: each form loads with its modal; the options are flags ('no-redirect', a role).
  signup: defineModal({
    title: 'Sign Up',
    parseOptions: parseAnyOptions,
    load: () => import('../../features/auth/sign-up-modal'),
  }),
  signin: defineModal({
    title: 'Sign In',
    parseOptions: parseAnyOptions,
    load: () => import('../../features/auth/sign-in-modal'),
  }),
  'email-verification': defineModal({
    title: 'Verify your email',
    parseOptions: parseAnyOptions,
    load: () => import('../../features/auth/email-verification-modal'),
  }),
  'setup-security-question': defineModal({
    title: 'Set a security question',
    parseOptions: parseAnyOptions,
    load: () => import('../../features/auth/setup-security-question-modal'),
  }),
  'verify-security-question': defineModal({
    title: 'Security check',
    parseOptions: parseAnyOptions,
    load: () => import('../../features/auth/verify-security-question-modal'),
  }),
  'forgot-password': defineModal({
    title: 'Forgot password',
    parseOptions: parseAnyOptions,
    load: () => import('../../features/auth/forgot-password-modal'),
  }),
  // Profiles: the options name the profile's username where they need one.
  'edit-account': defineModal({
    title: 'Edit Profile',
    parseOptions: parseAnyOptions,
    load: () => import('../../features/profiles/edit-account-modal'),
  }),
  'page-more-options-menu': defineModal({
    title: 'Page options',
    parseOptions: parseAnyOptions,
    load: () => import('../../features/profiles/page-more-options-modal'),
  }),
  'read-only-more-options-menu': defineModal({
    title: 'Profile options',
    parseOptions: usernameOptionsParser('No profile was named.'),
    load: () => import('../../features/profiles/read-only-more-options-modal'),
  }),
  'book-creator': defineModal({
    title: 'Book this creator',
    parseOptions: usernameOptionsParser("Open Book from a creator's page."),
    load: () => import('../../features/profiles/book-creator-modal'),
  }),
  // Posts: the camera recorder hands its video to /create/video.
  'create-short-video': defineModal({
    title: 'Record a short video',
    parseOptions: parseAnyOptions,
    load: () => import('../../features/creator-studio/create-short-video-modal'),
  }),
  'report-or-block-profile': defineModal({
    title: 'Report or block',
    parseOptions: usernameOptionsParser('No profile was named.'),
    load: () => import('../../features/profiles/report-or-block-modal'),
  }),
  // The wallet: '?modal=topup' or '?modal=topup/20' (K20 chosen; the panel ignores anything
  // else); the Add a Card modal.
  topup: defineModal({
    title: 'Top up',
    parseOptions: parseAnyOptions,
    load: () => import('../../features/wallet/topup-modal'),
  }),
  'add-card': defineModal({
    title: 'Add a Card',
    parseOptions: parseAnyOptions,
    load: () => import('../../features/wallet/add-card-modal'),
  }),
  // Payouts: '?modal=payout', the payouts page's Payout button (creators).
  payout: defineModal({
    title: 'Payout',
    parseOptions: parseAnyOptions,
    load: () => import('../../features/payouts/payout-modal'),
  }),
  // Tips and support: '?modal=tip-picker/{postId}',
  // '?modal=complete-send-tip-action/{postId}:{tipName}:{amount}' (features/tips/tip-options.ts),
  // '?modal=support-creator/{username}'.
  'tip-picker': defineModal({
    title: 'Send a tip',
    parseOptions: postIdOptionsParser('Open the tip picker from a post.'),
    load: () => import('../../features/tips/tip-picker-modal'),
    presentation: 'sheet',
  }),
  'complete-send-tip-action': defineModal({
    title: 'Send a tip',
    parseOptions: parseCompleteSendTipOptions,
    load: () => import('../../features/tips/complete-send-tip-modal'),
  }),
  'support-creator': defineModal({
    title: 'Support this creator',
    parseOptions: usernameOptionsParser("Open Support from a creator's page."),
    load: () => import('../../features/support/support-creator-modal'),
  }),
  // Unlocks: '?modal=unlock-exclusive-content/<itemId>' from a lock (an old '…/audio:<audioId>' still opens).
  'unlock-exclusive-content': defineModal({
    title: 'Unlock exclusive content',
    parseOptions: parseUnlockOptions,
    load: () => import('../../features/unlocks/unlock-exclusive-content-modal'),
  }),
  // Passes: '?modal=set-pricing' (the creator's prices), '?modal=join-to-unlock/{username}'.
  'set-pricing': defineModal({
    title: 'Set pricing',
    parseOptions: parseAnyOptions,
    load: () => import('../../features/passes/set-pricing-modal'),
  }),
  'join-to-unlock': defineModal({
    title: 'Join to unlock',
    parseOptions: usernameOptionsParser("Open a creator's page to join it."),
    load: () => import('../../features/passes/join-to-unlock-modal'),
  }),
  // Audio: '?modal=play-creator-songs/{username}', a creator's tracks to pick one to play.
  'play-creator-songs': defineModal({
    title: 'Play songs',
    parseOptions: usernameOptionsParser("Open a creator's page to play their songs."),
    load: () => import('../../features/audio/library/play-creator-songs-modal'),
  }),
  // Video: '?modal=edit-episode/{videoId}', the author's edit of a video, an episode or a series.
  'edit-episode': defineModal({
    title: 'Edit episode',
    parseOptions: postIdOptionsParser('Open Edit from one of your videos.', NO_SUCH_VIDEO),
    load: () => import('../../features/video/library/edit-episode-modal'),
  }),
};

/** The modal a name opens, with who may see it (others are asked to sign in, or told why not). */
export function findModal(name: string): (ModalEntry & { audience: Audience }) | undefined {
  // Object.hasOwn keeps names such as 'constructor' from matching Object.prototype.
  if (!Object.hasOwn(modalRegistry, name)) return undefined;
  return { ...modalRegistry[name as ModalName], audience: modalAudiences[name as ModalName] };
}
