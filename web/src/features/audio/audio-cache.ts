import type { TAudio } from '@stagepass/contract/audio';

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
