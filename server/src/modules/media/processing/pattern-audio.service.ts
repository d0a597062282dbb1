import { findMediaTools } from './media-tools.ts';
import { runTool } from './run-tool.ts';

/**
 * A short synthesised tune as an MP3, as a musician might upload one: the demo seed's
 * tracks. An arpeggio over a bass note, each note fading before the next so the jumps do not
 * click; `rootHz` and `notesPerSecond` make each track sound different. 22.05 kHz is plenty
 * for notes under 1 kHz and halves what ffmpeg computes while the demo seeds. Here because ffmpeg
 * is media's tool (which one runs, and how).
 */
export async function renderDemoTune(
  file: string,
  tools: { ffmpegPath: string | undefined; ffprobePath: string | undefined },
  tune: { seconds: number; rootHz: number; notesPerSecond: number },
): Promise<void> {
  const { ffmpeg } = await findMediaTools(tools);
  const { rootHz, notesPerSecond: rate } = tune;
  // Eight notes a bar, two semitones apart; each starts loud and fades to nothing.
  const melody = `0.22*sin(2*PI*t*${rootHz}*pow(2\\,floor(mod(t*${rate}\\,8))*2/12))*(1-mod(t*${rate}\\,1))`;
  const bass = `0.12*sin(2*PI*t*${rootHz / 2})`;
  await runTool(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `aevalsrc=exprs='${melody}+${bass}':s=22050:d=${tune.seconds}`],
      ...['-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', file],
    ],
    { timeoutMs: 60_000 },
  );
}
