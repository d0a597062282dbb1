import { describe, expect, it } from 'vitest';
import { makeImage } from '../../test/factories/media.ts';
import { detectMediaType } from './media-type.ts';
import { makeMediaFile, type TestMediaFormat } from './test-media-files.ts';

const header = (file: Buffer) => file.subarray(0, 256);

describe('detectMediaType', () => {
  it.each([
    ['mp4', 'video', 'mp4', 'video/mp4'],
    ['mov', 'video', 'mov', 'video/quicktime'],
    ['webm', 'video', 'webm', 'video/webm'],
    ['mkv', 'video', 'mkv', 'video/x-matroska'],
    ['mp3', 'audio', 'mp3', 'audio/mpeg'],
    ['m4a', 'audio', 'm4a', 'audio/mp4'],
    ['aac', 'audio', 'aac', 'audio/aac'],
    ['ogg', 'audio', 'ogg', 'audio/ogg'],
    ['wav', 'audio', 'wav', 'audio/wav'],
    ['flac', 'audio', 'flac', 'audio/flac'],
  ] as const)('recognises %s made by ffmpeg', async (format, kind, extension, contentType) => {
    const file = await makeMediaFile(format as TestMediaFormat);
    expect(detectMediaType(header(file))).toEqual({ kind, extension, contentType });
  });

  it('recognises an MP3 without an ID3 tag by its frame header', async () => {
    const file = await makeMediaFile('mp3');
    const firstFrame = file.indexOf(Buffer.from([0xff, 0xfb]));
    expect(firstFrame).toBeGreaterThan(0);
    expect(detectMediaType(header(file.subarray(firstFrame)))?.extension).toBe('mp3');
  });

  it.each(['jpeg', 'png', 'gif', 'webp', 'avif'] as const)(
    'still takes a %s image as an image',
    async (format) => {
      const type = detectMediaType(header(await makeImage(format)));
      expect(type?.kind).toBe('image');
    },
  );

  it('refuses what is none of them, whatever it would be called', () => {
    const ftyp = (brand: string) => {
      const box = Buffer.alloc(24);
      box.writeUInt32BE(24, 0);
      box.write(`ftyp${brand}`, 4, 'latin1');
      return box;
    };
    const ebml = (docType: string) =>
      Buffer.concat([
        Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x80 | docType.length]),
        Buffer.from(docType, 'latin1'),
      ]);
    for (const [name, bytes] of [
      ['text', Buffer.from('just some notes, renamed to clip.mp4')],
      ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
      ['PDF', Buffer.from('%PDF-1.7\n%âãÏÓ')],
      ['ZIP', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])],
      ['an ELF program', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01])],
      ['an unknown ISO BMFF brand (JPEG 2000)', ftyp('jp2 ')],
      ['an unknown EBML document', ebml('foo')],
      ['RIFF that is not WAVE (AVI)', Buffer.from('RIFF\0\0\0\0AVI LIST', 'latin1')],
      ['a false MPEG sync (reserved layer bits)', Buffer.from([0xff, 0xe0, 0x00, 0x00])],
      ['one byte', Buffer.from([0xff])],
      ['nothing', Buffer.alloc(0)],
    ] as const) {
      expect({ name, type: detectMediaType(bytes) }).toEqual({ name, type: null });
    }
    expect(detectMediaType(ebml('webm'))?.extension).toBe('webm');
    expect(detectMediaType(ftyp('isom'))?.extension).toBe('mp4');
  });
});
