import { describe, expect, it } from 'vitest';
import { makeImage } from '../../test/factories/media.ts';
import { detectImageType } from './image-type.ts';

function ftypBox(major: string, compatible: string[]) {
  const box = Buffer.alloc(16 + compatible.length * 4);
  box.writeUInt32BE(box.length, 0);
  box.write(`ftyp${major}`, 4, 'latin1');
  for (const [index, brand] of compatible.entries()) box.write(brand, 16 + index * 4, 'latin1');
  return box;
}

describe('detectImageType', () => {
  it.each(['jpeg', 'png', 'gif', 'webp'] as const)('recognises %s from its first bytes', async (format) => {
    expect(detectImageType((await makeImage(format)).subarray(0, 64))).toBe(format);
  });

  it('recognises the HEIF family by the ftyp brands (HEIC from phones, AVIF)', async () => {
    expect(detectImageType(ftypBox('heic', ['mif1', 'heic']))).toBe('heif');
    expect(detectImageType(ftypBox('mif1', ['heic']))).toBe('heif');
    expect(detectImageType((await makeImage('avif')).subarray(0, 64))).toBe('heif');
  });

  it('refuses everything else, however it is named', () => {
    expect(detectImageType(ftypBox('isom', ['iso2', 'mp41']))).toBeNull(); // an MP4 video
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});
