import { describe, expect, it } from 'vitest';
import { describeVideoConversion, ladderModeOf } from './hls-ladder.ts';

const tools = (ffmpeg: 'setting' | 'system' | 'npm', path: string) => ({
  ffmpeg: path,
  ffprobe: 'ffprobe',
  source: { ffmpeg, ffprobe: ffmpeg },
});

describe('how videos are converted', () => {
  it('makes the ladder in one run with a maintained ffmpeg, one rendition per run with the npm 2018 build', () => {
    expect(ladderModeOf(tools('system', 'ffmpeg'))).toBe('one-pass');
    expect(ladderModeOf(tools('setting', '/opt/ffmpeg/bin/ffmpeg'))).toBe('one-pass');
    expect(ladderModeOf(tools('npm', '/app/node_modules/@ffmpeg-installer/linux-x64/ffmpeg'))).toBe(
      'per-rendition',
    );
  });

  it('says at start which ffmpeg converts videos and how', () => {
    expect(describeVideoConversion(tools('system', 'ffmpeg'))).toBe(
      'videos are converted by ffmpeg (the system’s ffmpeg): the whole HLS ladder in one ffmpeg run',
    );
    expect(describeVideoConversion(tools('npm', '/x/ffmpeg'))).toBe(
      'videos are converted by /x/ffmpeg (the npm-shipped 2018 build): one HLS rendition per ' +
        'ffmpeg run, as that build crashes on the one-pass ladder, so a video takes longer; install a ' +
        'maintained ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH',
    );
  });
});
