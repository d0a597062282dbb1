import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';

/**
 * Which ffmpeg and ffprobe run. In order: FFMPEG_PATH / FFPROBE_PATH; the system's on
 * PATH (a distribution's build gets security fixes); the binaries shipped inside the npm
 * packages @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe, so `npm start` works
 * on a machine without ffmpeg. The npm ffmpeg is a 2018 build: fine for the demo, but a
 * production server that converts strangers' uploads should use a maintained one.
 */
export type MediaTools = {
  ffmpeg: string;
  ffprobe: string;
  source: { ffmpeg: ToolSource; ffprobe: ToolSource };
  /**
   * The last year of the ffmpeg's copyright line ('Copyright (c) 2000-2018'): how old the
   * build is, whatever it calls its version (a release '5.1.6', or a git snapshot 'N-47683').
   * Null when the line is not there.
   */
  ffmpegYear: number | null;
};

type ToolSource = 'setting' | 'system' | 'npm';

export class MediaToolsMissingError extends Error {
  override name = 'MediaToolsMissingError';
}

export async function findMediaTools(settings: {
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
}): Promise<MediaTools> {
  const [ffmpeg, ffprobe] = await Promise.all([
    findTool('ffmpeg', settings.ffmpegPath, loadNpmFfmpeg),
    findTool('ffprobe', settings.ffprobePath, loadNpmFfprobe),
  ]);
  return {
    ffmpeg: ffmpeg.command,
    ffprobe: ffprobe.command,
    source: { ffmpeg: ffmpeg.source, ffprobe: ffprobe.source },
    ffmpegYear: copyrightYearOf(ffmpeg.version),
  };
}

/** 2018 of 'ffmpeg version N-47683-g0e8eb07980-static … Copyright (c) 2000-2018 the FFmpeg developers'. */
export function copyrightYearOf(versionText: string): number | null {
  const match = /Copyright \(c\) (?:\d{4}-)?(\d{4})/.exec(versionText);
  return match ? Number(match[1]) : null;
}

async function findTool(
  name: 'ffmpeg' | 'ffprobe',
  setting: string | undefined,
  loadNpmBinary: () => Promise<string>,
): Promise<{ command: string; source: ToolSource; version: string }> {
  if (setting) {
    const version = await versionOf(setting);
    if (version === undefined) {
      const variable = name === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH';
      throw new MediaToolsMissingError(`${variable}=${setting} does not run`);
    }
    return { command: setting, source: 'setting', version };
  }
  const systemVersion = await versionOf(name);
  if (systemVersion !== undefined) return { command: name, source: 'system', version: systemVersion };
  let binary: string;
  try {
    binary = await loadNpmBinary();
  } catch (error) {
    // The package throws a string on a platform it has no binary for.
    throw new MediaToolsMissingError(`no ${name}: install one or set its path (${String(error)})`);
  }
  await makeExecutable(binary);
  const version = await versionOf(binary);
  if (version === undefined) throw new MediaToolsMissingError(`the npm ${name} at ${binary} does not run`);
  return { command: binary, source: 'npm', version };
}

async function loadNpmFfmpeg(): Promise<string> {
  return (await import('@ffmpeg-installer/ffmpeg')).default.path;
}

async function loadNpmFfprobe(): Promise<string> {
  return (await import('@ffprobe-installer/ffprobe')).default.path;
}

/** The packages make their binary executable in a postinstall script, which npm may skip. */
async function makeExecutable(file: string): Promise<void> {
  try {
    await fs.access(file, fs.constants.X_OK);
  } catch {
    await fs.chmod(file, 0o755).catch(() => {});
  }
}

/** What `<command> -version` prints, or undefined when it does not run. */
function versionOf(command: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn(command, ['-version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let printed = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      // The first lines say it all; the rest (build options) is long.
      if (printed.length < 4096) printed += text;
    });
    child.on('error', () => resolve(undefined));
    child.on('close', (code) => resolve(code === 0 ? printed : undefined));
  });
}

/**
 * Threads for one ffmpeg: all cores but one, so a conversion never takes the whole
 * machine from the requests the server answers meanwhile (1 on a 2-core machine).
 */
export function ffmpegThreads(): number {
  return Math.max(1, os.availableParallelism() - 1);
}
