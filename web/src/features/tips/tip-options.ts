import { findTipOption, TIP_MESSAGES, type TTipOption } from '@stagepass/contract/tips';
import {
  acceptOptions,
  isPostId,
  type ModalOptionsParser,
  type ModalOptionsResult,
  NO_SUCH_POST,
  refuseOptions,
} from '../../lib/modals/modal-options';

/** A named tip on a post, as the spec's /feed/{postId}/send-tip/{tipName}/{amount} names it. */
export type TipOnPost = { postId: string; option: TTipOption };

/**
 * The tip an address names: a post id, one of the named tips, and that tip's amount in whole
 * kwacha ('10' for K10). An address with another amount names no tip: it is not sent.
 */
export function readTipOnPost(
  postId: string,
  tipName: string,
  amount: string,
): ModalOptionsResult<TipOnPost> {
  if (!postId) return refuseOptions('Choose a tip from a post.');
  if (!isPostId(postId)) return refuseOptions(NO_SUCH_POST);
  const option = findTipOption(tipName);
  if (!option) return refuseOptions(TIP_MESSAGES.unknownTip);
  if (!/^\d{1,6}$/.test(amount) || Number(amount) * 100 !== option.amount) {
    return refuseOptions(TIP_MESSAGES.wrongAmount(option));
  }
  return acceptOptions({ postId, option });
}

// Not a slash: the modal query splits its parts at slashes (lib/modals/parse-modal-query.ts).
const SEPARATOR = ':';

/**
 * `?modal=complete-send-tip-action/{postId}:{tipName}:{amount}`: the route's three parts in
 * the modal's one options part, e.g. `AbC…:Munkoyo:10`.
 */
export function toCompleteSendTipOptions(postId: string, option: TTipOption): string {
  return [postId, encodeURIComponent(option.name), option.amount / 100].join(SEPARATOR);
}

export const parseCompleteSendTipOptions: ModalOptionsParser<TipOnPost> = (options) => {
  const [postId = '', tipName = '', amount = ''] = options.split(SEPARATOR);
  return readTipOnPost(postId, safelyDecode(tipName), amount);
};

function safelyDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
