/**
 * The streaming ladder of a video: which renditions it gets and how each is encoded.
 * Fans pay for every megabyte (about US$8 a gigabyte), so the rungs are small and capped:
 * a player starts low and climbs only when the connection and the screen ask for it.
 */

/** Seconds of video per HLS segment; every rung has a key frame at each boundary. */
export const SEGMENT_SECONDS = 4;
/** Higher frame rates (a phone's 60 fps) are halved: motion stays smooth, the bill does not double. */
export const MAX_FRAME_RATE = 30;
/** The audio-only rendition, which every video rung plays with: AAC stereo. */
export const AUDIO_KBPS = 64;
/** The name of the audio-only rendition (audio.m3u8, audio.mp4). */
export const AUDIO_RUNG = 'audio';

export type VideoRung = {
  /** '240p', '360p', '720p', or a smaller source's own size ('180p'). */
  name: string;
  /** Pixels of the short side (the height of a landscape video, the width of a phone's). */
  shortSide: number;
  /** The peak video bit rate (-maxrate), kb/s. */
  maxKbps: number;
};

const STANDARD_RUNGS: readonly VideoRung[] = [
  { name: '240p', shortSide: 240, maxKbps: 250 },
  { name: '360p', shortSide: 360, maxKbps: 550 },
  { name: '720p', shortSide: 720, maxKbps: 1800 },
];

export type LadderPlan = {
  /** Lowest first. */
  videoRungs: VideoRung[];
  hasAudio: boolean;
  /** The output frame rate: the source's, at most MAX_FRAME_RATE. */
  frameRate: number;
  /** Whether the source runs faster than MAX_FRAME_RATE (an fps filter brings it down). */
  isFrameRateCapped: boolean;
};

/**
 * The rungs a source gets: every standard rung its short side reaches (never upscaled:
 * 720p only from a source of 720 or more), or, for a source smaller than the lowest, one
 * rung at its own size. Rotation does not matter: the short side is the same either way.
 */
export function planLadder(source: {
  width: number;
  height: number;
  hasAudio: boolean;
  frameRate: number | null;
}): LadderPlan {
  const shortSide = Math.min(source.width, source.height);
  const reached = STANDARD_RUNGS.filter((rung) => rung.shortSide <= shortSide);
  const ownSize = evenDown(shortSide);
  const videoRungs =
    reached.length > 0 ? [...reached] : [{ name: `${ownSize}p`, shortSide: ownSize, maxKbps: 250 }];
  const sourceRate = source.frameRate && source.frameRate > 0 ? source.frameRate : MAX_FRAME_RATE;
  return {
    videoRungs,
    hasAudio: source.hasAudio,
    frameRate: Math.min(sourceRate, MAX_FRAME_RATE),
    // A little above: 30000/1001 and a phone's 30.02 are 30 fps, not worth a filter.
    isFrameRateCapped: sourceRate > MAX_FRAME_RATE + 0.5,
  };
}

/** H.264 in 4:2:0 needs even sides. */
function evenDown(pixels: number): number {
  return Math.max(2, pixels - (pixels % 2));
}

/**
 * The filter of a rung: the short side scaled to the rung's, the long side in proportion
 * (even), in 4:2:0. ffmpeg has already turned a phone's rotated video upright before a
 * filter sees it. Quotes keep the commas inside the expressions from splitting the chain.
 */
export function scaleFilterOf(rung: VideoRung): string {
  const side = rung.shortSide;
  return `scale=w='if(gte(iw,ih),-2,${side})':h='if(gte(iw,ih),${side},-2)',format=yuv420p`;
}

/** Before the rungs' scaling: the frame-rate cap, when the source needs it. */
export function frameRateFilterOf(plan: LadderPlan): string | null {
  return plan.isFrameRateCapped ? `fps=${MAX_FRAME_RATE}` : null;
}

/**
 * x264 settings every rung shares: H.264 High, preset veryfast (what two shared cores can
 * encode), constant quality capped by the rung's peak rate (an easy scene costs less),
 * and key frames exactly at each segment boundary, never elsewhere (no scene-cut key
 * frames): every rung's segments then start at the same instants, so a player switches
 * rungs between any two segments.
 */
export function videoCodecArgs(plan: LadderPlan): string[] {
  const framesPerSegment = String(Math.round(plan.frameRate * SEGMENT_SECONDS));
  return [
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-crf', '23'],
    ...['-g', framesPerSegment, '-keyint_min', framesPerSegment, '-sc_threshold', '0'],
    ...['-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`],
  ];
}

/** -maxrate and -bufsize (two seconds' worth at the peak) of a rung; `specifier` e.g. ':v:1'. */
export function rateCapArgs(rung: VideoRung, specifier = ''): string[] {
  return [`-maxrate${specifier}`, `${rung.maxKbps}k`, `-bufsize${specifier}`, `${rung.maxKbps * 2}k`];
}

export const AUDIO_CODEC_ARGS = ['-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2'];

/**
 * The HLS muxer's settings: fMP4 segments of SEGMENT_SECONDS, a complete (VOD) playlist,
 * and each rendition as ONE file read by byte ranges (few objects in a bucket, and they
 * fit the range-serving media route). The segments start on key frames
 * (independent_segments), so any one can be played on its own.
 */
export const HLS_MUXER_ARGS = [
  ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod'],
  ...['-hls_segment_type', 'fmp4', '-hls_flags', 'single_file+independent_segments'],
];

/**
 * A rendition's peak bits a second as the master playlist states it: its video's cap plus
 * the audio it plays with, and a tenth more for the container, as ffmpeg's own master
 * playlist computes it (the one-pass ladder and the per-run ladder then state the same).
 */
export function bandwidthOf(videoKbps: number, audioKbps: number): number {
  const bitsPerSecond = (videoKbps + audioKbps) * 1000;
  return bitsPerSecond + Math.floor(bitsPerSecond / 10);
}
