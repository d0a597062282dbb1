import type { Params } from 'react-router';
import { readMembershipItem } from '../../features/passes/membership-item';
import { readTipAddress } from '../../features/tips/tip-options';
import {
  isAudioId,
  isPostId,
  isUsername,
  NO_SUCH_POST,
  NO_SUCH_PROFILE,
  NO_SUCH_TRACK,
  NO_SUCH_VIDEO,
} from '../../lib/modals/modal-options';
import type { PagePath } from './page-audiences';

/** Why an address names nothing, in a calm sentence; null when its parameters may name something. */
export type PageParamsCheck = (params: Params, search: URLSearchParams) => string | null;

type PathWithParams = Extract<PagePath, `${string}:${string}`>;

const checkUsername: PageParamsCheck = ({ username = '' }) => (isUsername(username) ? null : NO_SUCH_PROFILE);
const checkPostId: PageParamsCheck = ({ postId = '' }) => (isPostId(postId) ? null : NO_SUCH_POST);

/**
 * Every page whose address carries parameters (a path with `:name`, or a query it acts on)
 * checks them here before it loads: a value that cannot name anything (`/subscribe?profileId=..`,
 * `/feed/x`) shows a calm sentence instead of the page, and so fetches nothing. The router
 * applies them; a new page with parameters must be given one (the type lists them all).
 */
export const pageParamsChecks: Record<PathWithParams | 'subscribe', PageParamsCheck> = {
  // Free text: a search, and an address to prefill.
  'find-creators/:query': () => null,
  'account/forgot-password/:email': () => null,
  // The page itself answers "not found" for a kind it does not create.
  'create/:kind': () => null,
  'manage-membership/:username': (params, search) =>
    checkUsername(params, search) ?? readMembershipItem(search).problem,
  subscribe: (_params, search) =>
    isUsername(search.get('profileId')?.trim() ?? '') ? null : NO_SUCH_PROFILE,
  'feed/:postId': checkPostId,
  'feed/:postId/comments': checkPostId,
  'feed/:postId/send-tip/:tipName/:amount': ({ postId = '', tipName = '', amount = '' }) => {
    const tip = readTipAddress(postId, tipName, amount);
    return tip.isValid ? null : tip.message;
  },
  ':username': checkUsername,
  ':username/settings': checkUsername,
  ':username/audio/:audioId': (params, search) =>
    checkUsername(params, search) ?? (isAudioId(params.audioId ?? '') ? null : NO_SUCH_TRACK),
  // A videoId has the shape of every item's id.
  'watch/:videoId': ({ videoId = '' }) => (isPostId(videoId) ? null : NO_SUCH_VIDEO),
};

export function findPageParamsCheck(path: string): PageParamsCheck | undefined {
  return Object.hasOwn(pageParamsChecks, path) ? pageParamsChecks[path as PathWithParams] : undefined;
}
