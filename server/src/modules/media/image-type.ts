import fs from 'node:fs/promises';

export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp' | 'heif';

/** Enough of a file's start to recognise it, ISO BMFF brands included. */
export const IMAGE_HEADER_BYTES = 64;

// HEIC and its relatives, and AVIF, which shares the container: whether sharp can decode
// one depends on its libheif build (the prebuilt one reads AVIF but not HEVC-coded HEIC),
// so these are recognised here and sharp has the last word.
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif']);

/**
 * The image type a file's first bytes announce, whatever its name or Content-Type claim;
 * null for anything else.
 */
export function detectImageType(header: Buffer): ImageType | null {
  const ascii = (start: number, end: number) => header.subarray(start, end).toString('latin1');
  if (header[0] === 0xff && header[1] === 0xd8 && header[2] === 0xff) return 'jpeg';
  if (header.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp' && findFtypBrands(header).some((brand) => HEIF_BRANDS.has(brand))) return 'heif';
  return null;
}

/** The major and compatible brands of an ISO BMFF 'ftyp' box at the file's start. */
export function findFtypBrands(header: Buffer): string[] {
  if (header.length < 12) return [];
  const boxEnd = Math.min(header.readUInt32BE(0), header.length);
  const brands = [header.toString('latin1', 8, 12)];
  // Bytes 12–16 are the minor version; compatible brands follow, four bytes each.
  for (let offset = 16; offset + 4 <= boxEnd; offset += 4)
    brands.push(header.toString('latin1', offset, offset + 4));
  return brands;
}

export async function readImageHeader(input: Buffer | string): Promise<Buffer> {
  if (Buffer.isBuffer(input)) return input.subarray(0, IMAGE_HEADER_BYTES);
  const file = await fs.open(input, 'r');
  try {
    const buffer = Buffer.alloc(IMAGE_HEADER_BYTES);
    const { bytesRead } = await file.read(buffer, 0, IMAGE_HEADER_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}
