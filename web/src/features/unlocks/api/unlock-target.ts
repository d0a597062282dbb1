import {
  acceptOptions,
  isAudioId,
  isPostId,
  type ModalOptionsParser,
  NO_SUCH_POST,
  NO_SUCH_TRACK,
  refuseOptions,
} from '../../../lib/modals/modal-options';

/** What `?modal=unlock-exclusive-content/<options>` sells: a post by its id, or a track as `audio:<audioId>`. */
export type UnlockTarget = { type: 'post' | 'audio'; id: string };

// Not a slash: the modal query splits its parts at slashes (lib/modals/parse-modal-query.ts).
const AUDIO_PREFIX = 'audio:';

export function readUnlockTarget(options: string): UnlockTarget {
  return options.startsWith(AUDIO_PREFIX)
    ? { type: 'audio', id: options.slice(AUDIO_PREFIX.length) }
    : { type: 'post', id: options };
}

/** The modal's options for a target; readUnlockTarget's inverse. */
export function toUnlockOptions(target: UnlockTarget): string {
  return target.type === 'audio' ? `${AUDIO_PREFIX}${target.id}` : target.id;
}

/** The unlock modal's options, checked before anything is fetched. */
export const parseUnlockOptions: ModalOptionsParser<UnlockTarget> = (options) => {
  if (!options) return refuseOptions('Open Unlock from a locked post or track.');
  const target = readUnlockTarget(options);
  if (target.type === 'audio') {
    return isAudioId(target.id) ? acceptOptions(target) : refuseOptions(NO_SUCH_TRACK);
  }
  return isPostId(target.id) ? acceptOptions(target) : refuseOptions(NO_SUCH_POST);
};
