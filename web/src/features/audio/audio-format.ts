import type { TAudio } from '@stagepass/contract/audio';

/** The player page of a track: /{username}/audio/{audioId}, the username with its '@'. */
export function toPlayerPath(username: string, audioId: string): string {
  const withAt = username.startsWith('@') ? username : `@${username}`;
  return `/${encodeURIComponent(withAt).replace('%40', '@')}/audio/${encodeURIComponent(audioId)}`;
}

/** Seconds as a clock reads them: 65 → '1:05', 3725 → '1:02:05'. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** The same length in words, for screen readers: '1 minute 5 seconds'. */
export function describeDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const parts: [number, string][] = [
    [Math.floor(whole / 3600), 'hour'],
    [Math.floor((whole % 3600) / 60), 'minute'],
    [whole % 60, 'second'],
  ];
  const words = parts
    .filter(([count]) => count > 0)
    .map(([count, unit]) => `${count} ${unit}${count === 1 ? '' : 's'}`);
  return words.length > 0 ? words.join(' ') : '0 seconds';
}

/** How long a track is, or where its processing stands while there is no length yet. */
export function formatTrackLength(asset: TAudio['audio_asset']): { text: string; label: string } {
  if (asset.status === 'failed') return { text: 'Processing failed', label: 'Processing failed' };
  if (asset.duration === null) return { text: 'Processing…', label: 'Still processing' };
  return { text: formatDuration(asset.duration), label: describeDuration(asset.duration) };
}
