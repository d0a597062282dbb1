import { describe, expect, it } from 'vitest';
import { findMediaTools, MediaToolsMissingError } from './media-tools.ts';
import { runTool } from './run-tool.ts';

describe('finding ffmpeg and ffprobe', () => {
  it('finds a working ffmpeg with H.264 and AAC encoders, and ffprobe, with nothing configured', async () => {
    // On a machine without a system ffmpeg these are the npm-shipped binaries.
    const tools = await findMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
    const encoders = await runTool(tools.ffmpeg, ['-hide_banner', '-encoders'], { timeoutMs: 30_000 });
    expect(encoders).toMatch(/\blibx264\b/);
    expect(encoders).toMatch(/\baac\b/);
    expect(await runTool(tools.ffprobe, ['-version'], { timeoutMs: 30_000 })).toMatch(/^ffprobe version/);
    // Read from its own -version: which ladder it can make depends on it (hls-ladder.ts).
    expect(tools.ffmpegYear).toBeGreaterThanOrEqual(2018);
  });

  it('uses FFMPEG_PATH when given, and refuses one that does not run', async () => {
    const found = await findMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
    const tools = await findMediaTools({ ffmpegPath: found.ffmpeg, ffprobePath: found.ffprobe });
    expect(tools).toMatchObject({ ffmpeg: found.ffmpeg, source: { ffmpeg: 'setting', ffprobe: 'setting' } });

    await expect(
      findMediaTools({ ffmpegPath: '/nonexistent/ffmpeg', ffprobePath: undefined }),
    ).rejects.toBeInstanceOf(MediaToolsMissingError);
  });

  it('kills a tool that runs too long', async () => {
    const { ffmpeg } = await findMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
    const endless = ['-f', 'lavfi', '-i', 'testsrc=size=64x64', '-f', 'null', '-'];
    const startedAt = Date.now();
    await expect(runTool(ffmpeg, endless, { timeoutMs: 300 })).rejects.toThrow(/ran longer than 300 ms/);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });
});
