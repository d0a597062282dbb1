import fs from 'node:fs/promises';

/**
 * The container of an uploaded video or audio file, read from its first bytes, as the
 * name of the ffmpeg demuxer to open it with. ffmpeg and ffprobe are always told this
 * demuxer (`-f`) rather than left to guess: a guessing ffmpeg also opens playlists and
 * concat lists, which can point it at other files on the server and copy them into the
 * output. Anything not listed here is not processed at all.
 */
export type Demuxer =
  | 'mov'
  | 'matroska'
  | 'avi'
  | 'mpegts'
  | 'mpeg'
  | 'asf'
  | 'flv'
  | 'ogg'
  | AudioOnlyDemuxer;
type AudioOnlyDemuxer = 'mp3' | 'aac' | 'wav' | 'flac';

/** How many leading bytes detection needs. */
export const CONTAINER_HEADER_BYTES = 192;

const MPEG_TS_PACKET = 188;

export function detectVideoContainer(header: Uint8Array): Demuxer | null {
  const ascii = (start: number, end: number) => Buffer.from(header.subarray(start, end)).toString('latin1');
  // ISO base media (MP4, MOV, 3GP, M4V): a 'ftyp' box first.
  if (ascii(4, 8) === 'ftyp') return 'mov';
  if (startsWith(header, [0x1a, 0x45, 0xdf, 0xa3])) return 'matroska'; // Matroska and WebM
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'AVI ') return 'avi';
  if (header[0] === 0x47 && header[MPEG_TS_PACKET] === 0x47) return 'mpegts';
  if (startsWith(header, [0x00, 0x00, 0x01, 0xba])) return 'mpeg'; // MPEG program stream
  if (startsWith(header, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return 'asf'; // WMV
  if (ascii(0, 3) === 'FLV') return 'flv';
  if (ascii(0, 4) === 'OggS') return 'ogg';
  return null;
}

export function detectAudioContainer(header: Uint8Array): Demuxer | null {
  const ascii = (start: number, end: number) => Buffer.from(header.subarray(start, end)).toString('latin1');
  if (ascii(4, 8) === 'ftyp') return 'mov'; // M4A
  if (startsWith(header, [0x1a, 0x45, 0xdf, 0xa3])) return 'matroska'; // WebM from MediaRecorder
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (ascii(0, 3) === 'ID3') return 'mp3';
  const [first = 0, second = 0] = header;
  if (first === 0xff && (second & 0xf6) === 0xf0) return 'aac'; // ADTS, layer bits 00
  if (first === 0xff && (second & 0xe0) === 0xe0 && (second & 0x06) !== 0) return 'mp3'; // MPEG audio frame
  return null;
}

function startsWith(header: Uint8Array, bytes: readonly number[]): boolean {
  return bytes.every((byte, index) => header[index] === byte);
}

export async function readContainerHeader(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(
      Buffer.alloc(CONTAINER_HEADER_BYTES),
      0,
      CONTAINER_HEADER_BYTES,
      0,
    );
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
