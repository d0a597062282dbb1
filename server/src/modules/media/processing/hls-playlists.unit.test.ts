import { describe, expect, it } from 'vitest';
import { readMasterPlaylist, readMediaPlaylist, writeMasterPlaylist } from './hls-playlists.ts';

// What Debian's ffmpeg 5.1 writes for a one-pass ladder with an audio group.
const FFMPEG_MASTER = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_audio",NAME="audio_2",DEFAULT=YES,URI="audio.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=345400,RESOLUTION=426x240,CODECS="avc1.640015,mp4a.40.2",AUDIO="group_audio"
240p.m3u8

#EXT-X-STREAM-INF:BANDWIDTH=675400,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2",AUDIO="group_audio"
360p.m3u8

#EXT-X-STREAM-INF:BANDWIDTH=70400,CODECS="mp4a.40.2",AUDIO="group_audio"
audio.m3u8

`;

describe('master playlists', () => {
  it('reads the variants and the audio group of ffmpeg’s master', () => {
    expect(readMasterPlaylist(FFMPEG_MASTER)).toEqual({
      media: [{ type: 'AUDIO', groupId: 'group_audio', uri: 'audio.m3u8', isDefault: true }],
      variants: [
        {
          uri: '240p.m3u8',
          bandwidth: 345_400,
          resolution: { width: 426, height: 240 },
          codecs: ['avc1.640015', 'mp4a.40.2'],
          audioGroup: 'group_audio',
        },
        {
          uri: '360p.m3u8',
          bandwidth: 675_400,
          resolution: { width: 640, height: 360 },
          codecs: ['avc1.64001e', 'mp4a.40.2'],
          audioGroup: 'group_audio',
        },
        {
          uri: 'audio.m3u8',
          bandwidth: 70_400,
          resolution: null,
          codecs: ['mp4a.40.2'],
          audioGroup: 'group_audio',
        },
      ],
    });
  });

  it('writes for the per-run ladder what ffmpeg writes for the one-pass one', () => {
    const written = writeMasterPlaylist({
      videoVariants: [
        { uri: '240p.m3u8', bandwidth: 345_400, width: 426, height: 240, videoCodec: 'avc1.640015' },
        { uri: '360p.m3u8', bandwidth: 675_400, width: 640, height: 360, videoCodec: 'avc1.64001e' },
      ],
      audio: { uri: 'audio.m3u8', bandwidth: 70_400 },
    });
    const { media, variants } = readMasterPlaylist(written);
    expect(variants).toEqual(readMasterPlaylist(FFMPEG_MASTER).variants);
    expect(media).toEqual([{ type: 'AUDIO', groupId: 'group_audio', uri: 'audio.m3u8', isDefault: true }]);
  });

  it('writes a silent video’s rungs without an audio group', () => {
    const written = writeMasterPlaylist({
      videoVariants: [
        { uri: '240p.m3u8', bandwidth: 275_000, width: 240, height: 426, videoCodec: 'avc1.640015' },
      ],
      audio: null,
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
