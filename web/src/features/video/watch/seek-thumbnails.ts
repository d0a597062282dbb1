/**
 * The seek bar's thumbnail strip: the WebVTT processing writes beside a video's renditions
 * (server: thumbnail-strip.ts), each cue a span of time and a frame's rectangle in one
 * sprite image (`thumbnails.jpg#xywh=x,y,w,h`, the form video players read).
 */
export type ThumbnailCue = {
  /** Seconds: the frame stands for [start, end). */
  start: number;
  end: number;
  /** The sprite's address, resolved against the cues' own (so the folder's token carries). */
  spriteUrl: string;
  x: number;
  y: number;
  width: number;
  height: number;
};

const TIMING = /^(\S+)\s+-->\s+(\S+)/;
const FRAME = /^(.+)#xywh=(\d+),(\d+),(\d+),(\d+)$/;

/** The cues of `vtt`, fetched from `vttUrl`; a cue not in this form is skipped. */
export function parseThumbnailCues(
  vtt: string,
  vttUrl: string,
  origin = window.location.origin,
): ThumbnailCue[] {
  const base = new URL(vttUrl, origin);
  const cues: ThumbnailCue[] = [];
  const lines = vtt.split(/\r?\n/);
  for (let index = 0; index < lines.length - 1; index++) {
    const timing = TIMING.exec(lines[index]!.trim());
    const frame = timing && FRAME.exec(lines[index + 1]!.trim());
    if (!timing || !frame) continue;
    const start = parseCueTime(timing[1]!);
    const end = parseCueTime(timing[2]!);
    if (start === null || end === null) continue;
    const sprite = new URL(frame[1]!, base);
    cues.push({
      start,
      end,
      spriteUrl: sprite.origin === base.origin ? `${sprite.pathname}${sprite.search}` : sprite.href,
      x: Number(frame[2]),
      y: Number(frame[3]),
      width: Number(frame[4]),
      height: Number(frame[5]),
    });
  }
  return cues;
}

/** The frame shown for a moment of the video: its cue, or the last one past the end. */
export function findThumbnailAt(cues: readonly ThumbnailCue[], seconds: number): ThumbnailCue | undefined {
  return (
    cues.find((cue) => seconds >= cue.start && seconds < cue.end) ?? (seconds >= 0 ? cues.at(-1) : undefined)
  );
}

/** 'hh:mm:ss.ttt' or 'mm:ss.ttt' in seconds; null for anything else. */
function parseCueTime(text: string): number | null {
  const match = /^(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})$/.exec(text);
  if (!match) return null;
  const [, hours, minutes, seconds, milliseconds] = match;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(milliseconds) / 1000;
}
