import { describe, expect, it } from 'vitest';
import { detectAudioContainer, detectVideoContainer } from './media-container.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );

describe('detecting the container of a video or audio file', () => {
  it('names the demuxer of each accepted video container', () => {
    const tsHeader = Buffer.alloc(200);
    tsHeader[0] = 0x47;
    tsHeader[188] = 0x47;
    expect(detectVideoContainer(bytes([0, 0, 0, 0x20], 'ftypisom'))).toBe('mov');
    expect(detectVideoContainer(bytes([0, 0, 0, 0x14], 'ftypqt  '))).toBe('mov');
    expect(detectVideoContainer(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toBe('matroska');
    expect(detectVideoContainer(bytes('RIFF', [1, 2, 3, 4], 'AVI LIST'))).toBe('avi');
    expect(detectVideoContainer(tsHeader)).toBe('mpegts');
    expect(detectVideoContainer(bytes([0, 0, 1, 0xba, 0x44]))).toBe('mpeg');
    expect(detectVideoContainer(bytes('OggS', [0]))).toBe('ogg');
  });

  it('refuses playlists, concat lists, images and text, which ffmpeg must never guess at', () => {
    expect(detectVideoContainer(bytes('#EXTM3U\n#EXT-X-VERSION:3\nfile:///etc/passwd\n'))).toBeNull();
    expect(detectVideoContainer(bytes("ffconcat version 1.0\nfile '/etc/passwd'\n"))).toBeNull();
    expect(detectVideoContainer(bytes([0x89], 'PNG\r\n', [0x1a, 0x0a]))).toBeNull();
    expect(detectVideoContainer(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
    expect(detectVideoContainer(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(detectVideoContainer(Buffer.alloc(0))).toBeNull();
  });

  it('names the demuxer of each accepted audio container', () => {
    expect(detectAudioContainer(bytes('ID3', [4, 0, 0]))).toBe('mp3');
    expect(detectAudioContainer(bytes([0xff, 0xfb, 0x90, 0x64]))).toBe('mp3');
    expect(detectAudioContainer(bytes([0xff, 0xf1, 0x50, 0x80]))).toBe('aac');
    expect(detectAudioContainer(bytes([0, 0, 0, 0x20], 'ftypM4A '))).toBe('mov');
    expect(detectAudioContainer(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBe('wav');
    expect(detectAudioContainer(bytes('fLaC'))).toBe('flac');
    expect(detectAudioContainer(bytes('OggS'))).toBe('ogg');
    expect(detectAudioContainer(bytes([0x1a, 0x45, 0xdf, 0xa3]))).toBe('matroska');
    expect(detectAudioContainer(bytes('#EXTM3U\n'))).toBeNull();
    expect(detectAudioContainer(bytes('RIFF', [1, 2, 3, 4], 'AVI LIST'))).toBeNull();
  });
});
