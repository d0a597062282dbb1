import { describe, expect, it } from 'vitest';
import { readMasterPlaylist, readMediaPlaylist, writeMasterPlaylist } from './hls-playlists.ts';

// What Debian's ffmpeg 5.1 writes for a one-pass ladder whose video rungs carry their sound.
const FFMPEG_MASTER = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-STREAM-INF:BANDWIDTH=345400,RESOLUTION=426x240,CODECS="avc1.640015,mp4a.40.2"
240p.m3u8

#EXT-X-STREAM-INF:BANDWIDTH=675400,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"
360p.m3u8

#EXT-X-STREAM-INF:BANDWIDTH=70400,CODECS="mp4a.40.2"
audio.m3u8

`;

describe('master playlists', () => {
  it('reads the variants of ffmpeg’s master', () => {
    expect(readMasterPlaylist(FFMPEG_MASTER)).toEqual({
      media: [],
      variants: [
        {
          uri: '240p.m3u8',
          bandwidth: 345_400,
          resolution: { width: 426, height: 240 },
          codecs: ['avc1.640015', 'mp4a.40.2'],
          audioGroup: null,
        },
        {
          uri: '360p.m3u8',
          bandwidth: 675_400,
          resolution: { width: 640, height: 360 },
          codecs: ['avc1.64001e', 'mp4a.40.2'],
          audioGroup: null,
        },
        { uri: 'audio.m3u8', bandwidth: 70_400, resolution: null, codecs: ['mp4a.40.2'], audioGroup: null },
      ],
    });
  });

  it('reads an audio group and the rendition it names', () => {
    const master = readMasterPlaylist(
      '#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Sound, stereo",DEFAULT=YES,URI="a.m3u8"\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=1000,RESOLUTION=2x2,CODECS="avc1.640015,mp4a.40.2",AUDIO="aud"\nv.m3u8\n',
    );
    expect(master.media).toEqual([{ type: 'AUDIO', groupId: 'aud', uri: 'a.m3u8', isDefault: true }]);
    expect(master.variants[0]).toMatchObject({
      uri: 'v.m3u8',
      audioGroup: 'aud',
      codecs: ['avc1.640015', 'mp4a.40.2'],
    });
  });

  it('writes for the per-run ladder what ffmpeg writes for the one-pass one', () => {
    const written = writeMasterPlaylist({
      videoVariants: [
        { uri: '240p.m3u8', bandwidth: 345_400, width: 426, height: 240, videoCodec: 'avc1.640015' },
        { uri: '360p.m3u8', bandwidth: 675_400, width: 640, height: 360, videoCodec: 'avc1.64001e' },
      ],
      audioOnly: { uri: 'audio.m3u8', bandwidth: 70_400 },
    });
    expect(written).toBe(FFMPEG_MASTER);
  });

  it('writes a silent video’s rungs with their video codec only', () => {
    const written = writeMasterPlaylist({
      videoVariants: [
        { uri: '240p.m3u8', bandwidth: 275_000, width: 240, height: 426, videoCodec: 'avc1.640015' },
      ],
      audioOnly: null,
    });
    expect(readMasterPlaylist(written)).toEqual({
      media: [],
      variants: [
        {
          uri: '240p.m3u8',
          bandwidth: 275_000,
          resolution: { width: 240, height: 426 },
          codecs: ['avc1.640015'],
          audioGroup: null,
        },
      ],
    });
  });
});

describe('media playlists', () => {
  it('reads the initialisation segment and each segment as byte ranges of one file', () => {
    const playlist = readMediaPlaylist(`#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:4
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MAP:URI="240p.mp4",BYTERANGE="830@0"
#EXTINF:4.000000,
#EXT-X-BYTERANGE:82176@830
240p.mp4
#EXTINF:1.500000,
#EXT-X-BYTERANGE:87111@83006
240p.mp4
#EXT-X-ENDLIST
`);
    expect(playlist).toEqual({
      map: { uri: '240p.mp4', offset: 0, length: 830 },
      segments: [
        { durationSeconds: 4, uri: '240p.mp4', offset: 830, length: 82_176 },
        { durationSeconds: 1.5, uri: '240p.mp4', offset: 83_006, length: 87_111 },
      ],
      isEnded: true,
    });
  });
});
