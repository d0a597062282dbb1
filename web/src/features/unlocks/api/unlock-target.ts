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
