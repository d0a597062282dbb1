import { findMediaTools } from './media-tools.ts';
import { runTool } from './run-tool.ts';

/** ffmpeg's drawn sources the demo's videos take turns with, so no two look alike. */
export const PATTERNS = ['testsrc2', 'smptehdbars', 'rgbtestsrc', 'testsrc'] as const;

/**
 * Seconds of one of ffmpeg's test pictures with a tone, as a phone might upload it: the demo
 * seed's videos (eight seconds of 960×540 unless told). Here because ffmpeg is media's tool
 * (which one runs, and how).
 */
export async function renderTestPatternVideo(
  file: string,
  tools: { ffmpegPath: string | undefined; ffprobePath: string | undefined },
  picture: {
    seconds?: number;
    width?: number;
    height?: number;
    pattern?: (typeof PATTERNS)[number];
    toneHz?: number;
  } = {},
): Promise<void> {
  const { ffmpeg } = await findMediaTools(tools);
  const { seconds = 8, width = 960, height = 540, pattern = 'testsrc2', toneHz = 440 } = picture;
  await runTool(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `${pattern}=size=${width}x${height}:rate=25:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=${toneHz}:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
    ],
    { timeoutMs: 60_000 + seconds * 5_000 },
  );
}
