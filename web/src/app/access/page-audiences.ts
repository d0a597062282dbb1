import type { Audience } from './audience';

/**
 * Every page's path (as the router matches it) and who may see it. The router takes each
 * page's audience from here, and the browser tests open every path listed, so a new page
 * is both guarded and tested once it is added here.
 */
export const pageAudiences = {
  'creators/featured': 'anyone',
  'creators/all': 'anyone',
  'creators/favourites': 'signed-in',
  'find-creators/:query': 'anyone',
  'creator-studio/create': 'creator',
  'create/:kind': 'creator',
  payouts: 'creator',
  members: 'creator',
  wallet: 'signed-in',
  passes: 'signed-in',
  'notifications/all': 'signed-in',
  'notifications/noti-list': 'signed-in',
  signin: 'anyone',
  'account-setup': 'anyone',
  'account/forgot-password': 'anyone',
  'account/forgot-password/:email': 'anyone',
  'manage-membership/:username': 'anyone',
  subscribe: 'anyone',
  'terms-of-use': 'anyone',
  'privacy-policy': 'anyone',
  about: 'anyone',
  feed: 'signed-in',
  'feed/:postId': 'anyone',
  'feed/:postId/comments': 'anyone',
  'feed/:postId/send-tip/:tipName/:amount': 'signed-in',
  ':username': 'anyone',
  ':username/settings': 'signed-in',
  ':username/audio/:audioId': 'anyone',
  'watch/:videoId': 'anyone',
  discover: 'anyone',
} as const satisfies Record<string, Audience>;

export type PagePath = keyof typeof pageAudiences;
