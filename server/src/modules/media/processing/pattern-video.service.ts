import { findMediaTools } from './media-tools.ts';
import { runTool } from './run-tool.ts';

/**
 * Eight seconds of ffmpeg's test picture with a tone, as a phone might upload it: the demo
 * seed's video. Here because ffmpeg is media's tool (which one runs, and how).
 */
export async function renderTestPatternVideo(
  file: string,
  tools: { ffmpegPath: string | undefined; ffprobePath: string | undefined },
): Promise<void> {
  const { ffmpeg } = await findMediaTools(tools);
  await runTool(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=960x540:rate=25:duration=8'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=8'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
    ],
    { timeoutMs: 60_000 },
  );
}
