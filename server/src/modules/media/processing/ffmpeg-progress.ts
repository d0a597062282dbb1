/**
 * Reads what ffmpeg prints with `-progress pipe:1` (blocks of key=value lines, about two
 * a second, `progress=end` last) and reports how much of the output is written, as a share
 * (0..1) of `durationSeconds`. Only `out_time` is read: the 2018 build and today's both
 * print it (out_time_us is newer, and out_time_ms holds microseconds). Without a known
 * duration nothing is reported until the end.
 */
export function createProgressReader(
  durationSeconds: number | null,
  report: (share: number) => void,
): (text: string) => void {
  let partialLine = '';
  return (text) => {
    const lines = (partialLine + text).split('\n');
    partialLine = lines.pop() ?? '';
    for (const line of lines) {
      if (line.trim() === 'progress=end') {
        report(1);
        continue;
      }
      const time = /^out_time=(-?)(\d+):(\d+):(\d+(?:\.\d+)?)\s*$/.exec(line);
      if (!time || time[1] === '-' || !durationSeconds) continue;
      const seconds = Number(time[2]) * 3600 + Number(time[3]) * 60 + Number(time[4]);
      report(Math.min(1, Math.max(0, seconds / durationSeconds)));
    }
  };
}

/** ffmpeg's arguments that make it print progress (and nothing else) on stdout. */
export const PROGRESS_ARGS = ['-progress', 'pipe:1', '-nostats'];
