import type { TAudio } from '@stagepass/contract/audio';

/**
 * Track answers sit in the query cache in three shapes: one track ({ audio }), a page of
 * tracks ({ audios }) and an infinite list of pages ({ pages: [{ audios }] }). This changes
 * one track wherever it appears (null takes it out), and leaves anything else as it is.
 */
export function patchAudioInData(
  data: unknown,
  audioId: string,
  patch: (audio: TAudio) => TAudio | null,
): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const record = data as Record<string, unknown>;
  if (Array.isArray(record.pages)) {
    return { ...record, pages: record.pages.map((page) => patchAudioInData(page, audioId, patch)) };
  }
  if (Array.isArray(record.audios)) {
    const audios = (record.audios as TAudio[]).flatMap((audio) => {
      if (audio.audioId !== audioId) return [audio];
      const patched = patch(audio);
      return patched ? [patched] : [];
    });
    return { ...record, audios };
  }
  const single = record.audio as TAudio | undefined;
  if (single && typeof single === 'object' && single.audioId === audioId) {
    const patched = patch(single);
    return patched ? { ...record, audio: patched } : undefined;
  }
  return data;
}

/** The tracks of every page loaded so far, each once (a track may move between pages as new ones arrive). */
export function flattenAudioPages(pages: readonly { audios: readonly TAudio[] }[] | undefined): TAudio[] {
  const seen = new Set<string>();
  const audios: TAudio[] = [];
  for (const page of pages ?? []) {
    for (const audio of page.audios) {
      if (seen.has(audio.audioId)) continue;
      seen.add(audio.audioId);
      audios.push(audio);
    }
  }
  return audios;
}

/** Whether a list should be read again soon: some track's audio is still being processed. */
export function hasProcessingAudio(audios: readonly Pick<TAudio, 'audio_asset'>[]): boolean {
  return audios.some((audio) => audio.audio_asset.status === 'processing');
}

/** The cursor of the next page, or undefined (TanStack Query's "no next page") at the end. */
export function readNextAudioPage(page: { nextPage: string | null }): string | undefined {
  return page.nextPage ?? undefined;
}
