import { describe, expect, it } from 'vitest';
import { describeVideoConversion, ladderModeOf } from './hls-ladder.ts';
import { copyrightYearOf } from './media-tools.ts';

const tools = (ffmpeg: 'setting' | 'system' | 'npm', path: string, ffmpegYear: number | null) => ({
  ffmpeg: path,
  ffprobe: 'ffprobe',
  source: { ffmpeg, ffprobe: ffmpeg },
  ffmpegYear,
});

describe('how videos are converted', () => {
  it('reads how old an ffmpeg is from its copyright line, release or git snapshot', () => {
    expect(
      copyrightYearOf(
        'ffmpeg version 5.1.6-0+deb12u1 Copyright (c) 2000-2024 the FFmpeg developers\nbuilt with gcc 12',
      ),
    ).toBe(2024);
    expect(
      copyrightYearOf(
        'ffmpeg version N-47683-g0e8eb07980-static https://johnvansickle.com/ffmpeg/  Copyright (c) 2000-2018 the FFmpeg developers',
      ),
    ).toBe(2018);
    expect(copyrightYearOf('my-wrapper 1.0')).toBeNull();
  });

  it('makes the ladder in one run with an ffmpeg from 2022 on, one rendition per run with an older one, wherever it comes from', () => {
    expect(ladderModeOf(tools('system', 'ffmpeg', 2024))).toBe('one-pass');
    expect(ladderModeOf(tools('setting', '/opt/ffmpeg/bin/ffmpeg', 2022))).toBe('one-pass');
    expect(ladderModeOf(tools('npm', '/app/node_modules/@ffmpeg-installer/linux-x64/ffmpeg', 2018))).toBe(
      'per-rendition',
    );
    // FFMPEG_PATH at the old build, or a system ffmpeg from before 2022: it would crash in one pass.
    expect(ladderModeOf(tools('setting', '/opt/old/ffmpeg', 2018))).toBe('per-rendition');
    expect(ladderModeOf(tools('system', 'ffmpeg', 2020))).toBe('per-rendition');
    expect(ladderModeOf(tools('setting', '/opt/wrapper', null))).toBe('per-rendition');
  });

  it('says at start which ffmpeg converts videos, how old it is, and how', () => {
    expect(describeVideoConversion(tools('system', 'ffmpeg', 2024))).toBe(
      'videos are converted by ffmpeg (the system’s ffmpeg, of 2024): the whole HLS ladder in one ffmpeg run',
    );
    expect(describeVideoConversion(tools('npm', '/x/ffmpeg', 2018))).toBe(
      'videos are converted by /x/ffmpeg (the npm-shipped build, of 2018): one HLS rendition per ' +
        'ffmpeg run, as builds older than 2022 crash on the one-pass ladder, so a video takes longer; ' +
        'install a maintained ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH',
    );
  });
});
