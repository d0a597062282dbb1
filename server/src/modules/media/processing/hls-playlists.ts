import fs from 'node:fs/promises';

/**
 * Reading and writing the HLS playlists of a video's ladder (RFC 8216). The master lists
 * the video rungs (each with its sound) and the audio-only rendition; a media playlist
 * lists one rendition's segments as byte ranges of its single file.
 */

export const MASTER_PLAYLIST = 'master.m3u8';
/** AAC-LC, the only audio the ladder has (ffmpeg's aac encoder). */
export const AAC_LC_CODEC = 'mp4a.40.2';

export type MasterVariant = {
  uri: string;
  /** Peak bits a second (BANDWIDTH). */
  bandwidth: number;
  /** Null for the audio-only variant. */
  resolution: { width: number; height: number } | null;
  /** RFC 6381 codecs, e.g. ['avc1.64001f', 'mp4a.40.2']. */
  codecs: string[];
  /** The GROUP-ID of an audio group it plays with (the ladder names none). */
  audioGroup: string | null;
};

export type MasterMedia = { type: string; groupId: string; uri: string | null; isDefault: boolean };

export type MasterPlaylist = { variants: MasterVariant[]; media: MasterMedia[] };

export function readMasterPlaylist(text: string): MasterPlaylist {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  if (lines[0] !== '#EXTM3U') throw new Error('not a playlist: no #EXTM3U');
  const variants: MasterVariant[] = [];
  const media: MasterMedia[] = [];
  lines.forEach((line, index) => {
    if (line.startsWith('#EXT-X-MEDIA:')) {
      const attributes = readAttributes(line.slice('#EXT-X-MEDIA:'.length));
      media.push({
        type: attributes.TYPE ?? '',
        groupId: attributes['GROUP-ID'] ?? '',
        uri: attributes.URI ?? null,
        isDefault: attributes.DEFAULT === 'YES',
      });
    } else if (line.startsWith('#EXT-X-STREAM-INF:')) {
      const attributes = readAttributes(line.slice('#EXT-X-STREAM-INF:'.length));
      const uri = lines.slice(index + 1).find((next) => next !== '' && !next.startsWith('#'));
      if (!uri) throw new Error('a variant without its address');
      const resolution = /^(\d+)x(\d+)$/.exec(attributes.RESOLUTION ?? '');
      variants.push({
        uri,
        bandwidth: Number(attributes.BANDWIDTH),
        resolution: resolution ? { width: Number(resolution[1]), height: Number(resolution[2]) } : null,
        codecs: attributes.CODECS ? attributes.CODECS.split(',') : [],
        audioGroup: attributes.AUDIO ?? null,
      });
    }
  });
  return { variants, media };
}

/** `KEY=value,KEY="a, quoted value"` as a record (quotes removed). */
function readAttributes(list: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of list.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)) {
    attributes[match[1]!] = match[2]!.replace(/^"|"$/g, '');
  }
  return attributes;
}

export type LadderVariant = {
  /** The media playlist's file name, e.g. '240p.m3u8'. */
  uri: string;
  bandwidth: number;
  width: number;
  height: number;
  /** The video's RFC 6381 codec, e.g. 'avc1.64001f'. */
  videoCodec: string;
};

/**
 * The master playlist of a ladder encoded one rendition per run, in the form ffmpeg's
 * one-pass ladder writes it: each video rung with BANDWIDTH, RESOLUTION and CODECS (video,
 * and audio when it has sound), then the audio-only rendition as a variant of its own
 * (hls.js leaves it out while there are video rungs; a player asked for "audio only"
 * loads audio.m3u8 directly).
 */
export function writeMasterPlaylist(ladder: {
  videoVariants: readonly LadderVariant[];
  audioOnly: { uri: string; bandwidth: number } | null;
}): string {
  const { audioOnly } = ladder;
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7'];
  for (const variant of ladder.videoVariants) {
    const codecs = audioOnly ? `${variant.videoCodec},${AAC_LC_CODEC}` : variant.videoCodec;
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${variant.bandwidth},RESOLUTION=${variant.width}x${variant.height},` +
        `CODECS="${codecs}"`,
      variant.uri,
      '',
    );
  }
  if (audioOnly) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${audioOnly.bandwidth},CODECS="${AAC_LC_CODEC}"`,
      audioOnly.uri,
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The RFC 6381 codec of an H.264 rendition ('avc1.' and the profile, constraint and level
 * bytes of its avcC box), read from the start of its file, where the initialisation
 * segment (ftyp, moov) is.
 */
export async function readAvcCodec(renditionFile: string): Promise<string> {
  const handle = await fs.open(renditionFile, 'r');
  try {
    const head = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const at = head.subarray(0, bytesRead).indexOf('avcC', 0, 'latin1');
    if (at < 0 || at + 8 > bytesRead) throw new Error(`no avcC box at the start of ${renditionFile}`);
    // After the box type: configurationVersion, then profile, constraint flags, level.
    return `avc1.${head.subarray(at + 5, at + 8).toString('hex')}`;
  } finally {
    await handle.close();
  }
}

export type MediaSegment = { durationSeconds: number; uri: string; offset: number; length: number };

export type MediaPlaylist = {
  /** The initialisation segment (EXT-X-MAP), as a byte range of the rendition's file. */
  map: { uri: string; offset: number; length: number } | null;
  segments: MediaSegment[];
  isEnded: boolean;
};

/** A media playlist of byte-range segments (single_file). */
export function readMediaPlaylist(text: string): MediaPlaylist {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  if (lines[0] !== '#EXTM3U') throw new Error('not a playlist: no #EXTM3U');
  let map: MediaPlaylist['map'] = null;
  const segments: MediaSegment[] = [];
  let duration: number | null = null;
  let range: { offset: number; length: number } | null = null;
  for (const line of lines) {
    if (line.startsWith('#EXT-X-MAP:')) {
      const attributes = readAttributes(line.slice('#EXT-X-MAP:'.length));
      const [length, offset] = (attributes.BYTERANGE ?? '').split('@').map(Number);
      map = { uri: attributes.URI ?? '', offset: offset ?? 0, length: length ?? 0 };
    } else if (line.startsWith('#EXTINF:')) {
      duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    } else if (line.startsWith('#EXT-X-BYTERANGE:')) {
      const [length, offset] = line.slice('#EXT-X-BYTERANGE:'.length).split('@').map(Number);
      range = { length: length ?? 0, offset: offset ?? 0 };
    } else if (line !== '' && !line.startsWith('#') && duration !== null) {
      segments.push({
        durationSeconds: duration,
        uri: line,
        offset: range?.offset ?? 0,
        length: range?.length ?? 0,
      });
      duration = null;
      range = null;
    }
  }
  return { map, segments, isEnded: lines.includes('#EXT-X-ENDLIST') };
}
