import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

/**
 * Real video and audio files for the tests, made by ffmpeg (the npm-shipped binary, so the
 * tests need no system ffmpeg): a test pattern or a sine tone, one second unless asked.
 */
export type TestMediaFormat = 'mp4' | 'mov' | 'webm' | 'mkv' | 'mp3' | 'm4a' | 'aac' | 'ogg' | 'wav' | 'flac';

const VIDEO_SOURCE = (seconds: number) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc=duration=${seconds}:size=160x120:rate=10`,
];
const AUDIO_SOURCE = (seconds: number) => ['-f', 'lavfi', '-i', `sine=duration=${seconds}`];

const ARGUMENTS: Record<TestMediaFormat, (seconds: number) => string[]> = {
  mp4: (s) => [...VIDEO_SOURCE(s), '-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
  mov: (s) => [...VIDEO_SOURCE(s), '-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
  webm: (s) => [...VIDEO_SOURCE(s), '-c:v', 'libvpx'],
  mkv: (s) => [...VIDEO_SOURCE(s), '-c:v', 'libx264'],
  mp3: (s) => [...AUDIO_SOURCE(s), '-c:a', 'libmp3lame'],
  m4a: (s) => [...AUDIO_SOURCE(s), '-c:a', 'aac'],
  aac: (s) => [...AUDIO_SOURCE(s), '-c:a', 'aac'],
  ogg: (s) => [...AUDIO_SOURCE(s), '-c:a', 'libvorbis'],
  wav: (s) => AUDIO_SOURCE(s),
  flac: (s) => AUDIO_SOURCE(s),
};

const made = new Map<string, Promise<Buffer>>();

export function makeMediaFile(format: TestMediaFormat, seconds = 1): Promise<Buffer> {
  const id = `${format}:${seconds}`;
  let file = made.get(id);
  if (!file) {
    file = runFfmpeg(format, seconds);
    made.set(id, file);
  }
  return file;
}

async function runFfmpeg(format: TestMediaFormat, seconds: number): Promise<Buffer> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-media-'));
  const output = path.join(folder, `test.${format}`);
  try {
    // npm may skip the package's postinstall, which makes the binary executable.
    fs.chmodSync(ffmpegInstaller.path, 0o755);
    await promisify(execFile)(ffmpegInstaller.path, [
      '-loglevel',
      'error',
      ...ARGUMENTS[format](seconds),
      output,
    ]);
    return fs.readFileSync(output);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
