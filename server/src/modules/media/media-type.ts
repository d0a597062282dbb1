import type { TMediaKind } from '@stagepass/contract/media';
import { detectImageType, findFtypBrands } from './image-type.ts';

/** What an upload is, read from its first bytes: its kind and how to store it. */
export type MediaType = {
  kind: TMediaKind;
  /** The file ending of the stored original, without the dot. */
  extension: string;
  contentType: string;
};

/**
 * Enough of a file's start for every check below: an ftyp box with its brands, and a
 * Matroska EBML header up to its DocType (some 40 bytes in what muxers write).
 */
export const MEDIA_HEADER_BYTES = 256;

const IMAGES: Record<string, MediaType> = {
  jpeg: { kind: 'image', extension: 'jpg', contentType: 'image/jpeg' },
  png: { kind: 'image', extension: 'png', contentType: 'image/png' },
  gif: { kind: 'image', extension: 'gif', contentType: 'image/gif' },
  webp: { kind: 'image', extension: 'webp', contentType: 'image/webp' },
  heic: { kind: 'image', extension: 'heic', contentType: 'image/heic' },
  avif: { kind: 'image', extension: 'avif', contentType: 'image/avif' },
};

const MP4: MediaType = { kind: 'video', extension: 'mp4', contentType: 'video/mp4' };
const MOV: MediaType = { kind: 'video', extension: 'mov', contentType: 'video/quicktime' };
const WEBM: MediaType = { kind: 'video', extension: 'webm', contentType: 'video/webm' };
const MATROSKA: MediaType = { kind: 'video', extension: 'mkv', contentType: 'video/x-matroska' };
const MP3: MediaType = { kind: 'audio', extension: 'mp3', contentType: 'audio/mpeg' };
const M4A: MediaType = { kind: 'audio', extension: 'm4a', contentType: 'audio/mp4' };
const AAC: MediaType = { kind: 'audio', extension: 'aac', contentType: 'audio/aac' };
const OGG: MediaType = { kind: 'audio', extension: 'ogg', contentType: 'audio/ogg' };
const WAV: MediaType = { kind: 'audio', extension: 'wav', contentType: 'audio/wav' };
const FLAC: MediaType = { kind: 'audio', extension: 'flac', contentType: 'audio/flac' };

// ISO BMFF brands (the ftyp box) of audio-only files; they come first, as an M4A also
// lists video brands such as 'isom' among its compatible ones.
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);
// Brands of MP4 (and 3GP, which ffmpeg reads alike) video as cameras, phones and encoders write them.
const VIDEO_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'av01',
  'dash',
  'mmp4',
  'M4V ',
  'M4VH',
  'M4VP',
  'f4v ',
  '3gp4',
  '3gp5',
  '3gp6',
  '3gp7',
  '3gs7',
  '3g2a',
  '3g2b',
  '3g2c',
  'XAVC',
  'MSNV',
  'NDAS',
]);

/**
 * The image, video or audio format a file's first bytes announce, whatever its name or
 * declared type; null for anything else. Only the start is read, so a renamed file is
 * refused before the rest of it arrives. Whether the whole file decodes is for the
 * processing job (sharp, ffprobe) to find out.
 */
export function detectMediaType(header: Buffer): MediaType | null {
  const image = detectImageType(header);
  if (image) return image === 'heif' ? IMAGES[heifFlavour(header)]! : IMAGES[image]!;
  const ascii = (start: number, end: number) => header.toString('latin1', start, end);

  if (ascii(4, 8) === 'ftyp') {
    const [major = '', ...compatible] = findFtypBrands(header);
    if (AUDIO_BRANDS.has(major)) return M4A;
    if (major === 'qt  ') return MOV;
    if ([major, ...compatible].some((brand) => VIDEO_BRANDS.has(brand))) return MP4;
    return null;
  }
  if (header.length >= 4 && header.readUInt32BE(0) === 0x1a45dfa3) {
    const docType = readEbmlDocType(header);
    if (docType === 'webm') return WEBM;
    if (docType === 'matroska') return MATROSKA;
    return null;
  }
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return WAV;
  if (ascii(0, 4) === 'RF64' && ascii(8, 12) === 'WAVE') return WAV;
  if (ascii(0, 4) === 'fLaC') return FLAC;
  if (ascii(0, 4) === 'OggS') return OGG;
  // An ID3v2 tag leads most MP3 files.
  if (ascii(0, 3) === 'ID3' && header[3]! >= 2 && header[3]! <= 4) return MP3;
  return detectMpegAudioFrame(header);
}

/** AVIF and HEIC share the HEIF container; the major brand tells them apart. */
function heifFlavour(header: Buffer): 'avif' | 'heic' {
  const major = header.toString('latin1', 8, 12);
  return major === 'avif' || major === 'avis' ? 'avif' : 'heic';
}

/**
 * The DocType ('webm' or 'matroska') inside the EBML header that opens every Matroska
 * file: element id 0x4282, a variable-length size, then the ASCII name.
 */
function readEbmlDocType(header: Buffer): string | null {
  for (let offset = 4; offset + 3 < header.length; offset++) {
    if (header[offset] !== 0x42 || header[offset + 1] !== 0x82) continue;
    const sizeByte = header[offset + 2]!;
    // One-byte sizes (0x80 | length) are what every muxer writes for so short a string.
    if ((sizeByte & 0x80) === 0) continue;
    const length = sizeByte & 0x7f;
    const start = offset + 3;
    if (length === 0 || start + length > header.length) continue;
    return header.toString('latin1', start, start + length).replace(/\0+$/, '');
  }
  return null;
}

/**
 * A bare MPEG audio frame header: 11 sync bits, then a version, a layer, a bitrate and a
 * sample rate that are not the reserved values. Layer bits 00 mark AAC in an ADTS frame
 * instead (the raw .aac files some recorders write).
 */
function detectMpegAudioFrame(header: Buffer): MediaType | null {
  if (header.length < 4 || header[0] !== 0xff || (header[1]! & 0xe0) !== 0xe0) return null;
  const version = (header[1]! >> 3) & 0x03;
  const layer = (header[1]! >> 1) & 0x03;
  if (layer === 0) {
    // ADTS syncs on all 12 bits.
    if ((header[1]! & 0xf0) !== 0xf0) return null;
    const sampleRateIndex = (header[2]! >> 2) & 0x0f;
    return sampleRateIndex < 13 ? AAC : null;
  }
  const bitrateIndex = header[2]! >> 4;
  const sampleRateIndex = (header[2]! >> 2) & 0x03;
  if (version === 1 || bitrateIndex === 0x0f || sampleRateIndex === 3) return null;
  return MP3;
}
