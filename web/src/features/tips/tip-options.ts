import {
  acceptOptions,
  isPostId,
  type ModalOptionsParser,
  type ModalOptionsResult,
  NO_SUCH_POST,
  refuseOptions,
} from '../../lib/modals/modal-options';

/**
 * A tip on a post as an address names it (the spec's /feed/{postId}/send-tip/{tipName}/{amount}):
 * its shape only, checked before anything loads. Whether the list has that tip at that
 * amount is checked by the confirmation (complete-send-tip.tsx), which loads the list: the
 * shell that ships this file stays without it.
 */
export type TipAddress = { postId: string; tipName: string; amount: string };

export function readTipAddress(
  postId: string,
  tipName: string,
  amount: string,
): ModalOptionsResult<TipAddress> {
  if (!postId) return refuseOptions('Choose a tip from a post.');
  if (!isPostId(postId)) return refuseOptions(NO_SUCH_POST);
  if (!tipName.trim() || tipName.length > 40) return refuseOptions('Choose a tip from a post.');
  return acceptOptions({ postId, tipName, amount });
}

// Not a slash: the modal query splits its parts at slashes (lib/modals/parse-modal-query.ts).
const SEPARATOR = ':';

/**
 * `?modal=complete-send-tip-action/{postId}:{tipName}:{amount}`: the route's three parts in
 * the modal's one options part, e.g. `AbC…:Munkoyo:10` (the amount in whole kwacha).
 */
export function toCompleteSendTipOptions(postId: string, tip: { name: string; amount: number }): string {
  return [postId, encodeURIComponent(tip.name), tip.amount / 100].join(SEPARATOR);
}

export const parseCompleteSendTipOptions: ModalOptionsParser<TipAddress> = (options) => {
  const [postId = '', tipName = '', amount = ''] = options.split(SEPARATOR);
  return readTipAddress(postId, safelyDecode(tipName), amount);
};

function safelyDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
