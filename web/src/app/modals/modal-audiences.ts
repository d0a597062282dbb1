import type { Audience } from '../access/audience';

/**
 * Every modal `?modal=<name>` can open, and who may see it (any URL can name any modal).
 * The registry must give each a body, and the browser tests open every one listed here.
 */
export const modalAudiences = {
  messaging: 'anyone',
  alert: 'anyone',
  confirm: 'anyone',
  signup: 'anyone',
  signin: 'anyone',
  'email-verification': 'signed-in',
  'setup-security-question': 'signed-in',
  'verify-security-question': 'signed-in',
  'forgot-password': 'anyone',
  'edit-account': 'signed-in',
  'page-more-options-menu': 'creator',
  'read-only-more-options-menu': 'signed-in',
  'book-creator': 'signed-in',
  'create-short-video': 'creator',
  'report-or-block-profile': 'signed-in',
  topup: 'signed-in',
  'add-card': 'signed-in',
  payout: 'creator',
  'tip-picker': 'signed-in',
  'complete-send-tip-action': 'signed-in',
  'support-creator': 'signed-in',
  'unlock-exclusive-content': 'signed-in',
  'set-pricing': 'creator',
  'join-to-unlock': 'signed-in',
  'play-creator-songs': 'anyone',
  'edit-episode': 'creator',
} as const satisfies Record<string, Audience>;

export type ModalName = keyof typeof modalAudiences;
