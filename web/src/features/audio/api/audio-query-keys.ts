/** Every audio answer is cached under this prefix, so one patch or invalidation reaches them all. */
export const audioQueryKey = ['audio'] as const;

/** A creator's tracks (the profile's Audio tab); '@Ana' and 'ana' are the same list. */
export const profileAudiosQueryKey = (username: string) =>
  [...audioQueryKey, 'profile', username.trim().replace(/^@/, '').toLowerCase()] as const;

export const audioPerformanceQueryKey = (audioId: string) =>
  [...audioQueryKey, 'performance', audioId] as const;

/** How often a list with a track still being processed is read again. */
export const AUDIO_PROCESSING_POLL_MS = 3000;
