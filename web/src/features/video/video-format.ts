import type { TVideoRendition } from '@stagepass/contract/video';

// Types only from the contract: the watch page ships no zod.

const MEGABYTE = 1_000_000;

/**
 * A download's size as a fan's data plan counts it (decimal units, as operators sell them),
 * rounded as a rough figure should be: '≈ 480 KB', '≈ 1.9 MB', '≈ 14 MB', '≈ 1.2 GB'.
 */
export function formatDataSize(bytes: number): string {
  const safe = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  if (safe < MEGABYTE) return `≈ ${Math.max(1, Math.round(safe / 1000))} KB`;
  const megabytes = safe / MEGABYTE;
  if (megabytes < 10) return `≈ ${trimZero(megabytes.toFixed(1))} MB`;
  if (megabytes < 1000) return `≈ ${Math.round(megabytes)} MB`;
  return `≈ ${trimZero((megabytes / 1000).toFixed(1))} GB`;
}

function trimZero(figure: string): string {
  return figure.endsWith('.0') ? figure.slice(0, -2) : figure;
}

/** What a minute of a quality costs: '≈ 2 MB a minute' (the words). */
export function formatPerMinute(rendition: Pick<TVideoRendition, 'bytesPerMinute'>): string {
  return `${formatDataSize(rendition.bytesPerMinute)} a minute`;
}

/** A quality's name for people: '240p', and 'Audio only' for the sound-only rung. */
export function formatRenditionName(rendition: Pick<TVideoRendition, 'name' | 'height'>): string {
  if (rendition.name === 'audio') return 'Audio only';
  return rendition.height ? `${rendition.height}p` : rendition.name;
}

/** The video rungs a viewer may hold playback at, lowest first (the sound-only one is a toggle of its own). */
export function listVideoRenditions(renditions: readonly TVideoRendition[]): TVideoRendition[] {
  return renditions
    .filter((rendition) => rendition.name !== 'audio' && rendition.height !== null)
    .sort((a, b) => (a.height ?? 0) - (b.height ?? 0));
}

/**
 * What the whole video downloads at the chosen quality, said before play: one figure for a
 * held rung, the span from the lowest to the highest while the player adapts ('Auto').
 */
export function formatWholeVideoCost(renditions: readonly TVideoRendition[], height: number | null): string {
  const rungs = listVideoRenditions(renditions);
  if (rungs.length === 0) return '';
  if (height !== null) {
    const rung = rungs.find((candidate) => candidate.height === height);
    if (rung) return `The whole video: ${formatDataSize(rung.bytes)} at ${formatRenditionName(rung)}.`;
  }
  const lowest = rungs[0]!;
  const highest = rungs[rungs.length - 1]!;
  if (lowest === highest) return `The whole video: ${formatDataSize(lowest.bytes)}.`;
  return `The whole video: ${formatDataSize(lowest.bytes)} to ${formatDataSize(highest.bytes)}, as your connection allows.`;
}

/** '1 view', '1,204 views'. */
export function formatViews(views: number): string {
  return `${views.toLocaleString('en-US')} ${views === 1 ? 'view' : 'views'}`;
}

/** '1 episode', '3 episodes'. */
export function formatEpisodeCount(count: number): string {
  return `${count} ${count === 1 ? 'episode' : 'episodes'}`;
}

/** A playback rate as a choice: 1 → 'Normal', 0.5 → '0.5×'. */
export function formatRate(rate: number): string {
  return rate === 1 ? 'Normal' : `${rate}×`;
}
