import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachStream, prefersLowestRung } from './attach-stream';

/** Just enough of a <video>: what it can play natively, its source, and its events. */
class FakeVideo extends EventTarget {
  src = '';
  loads = 0;
  constructor(private readonly nativeHls: string) {
    super();
  }
  canPlayType(type: string) {
    return type === 'application/vnd.apple.mpegurl' ? this.nativeHls : '';
  }
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
  load() {
    this.loads += 1;
  }
}

const asVideo = (fake: FakeVideo) => fake as unknown as HTMLVideoElement;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('attaching a stream to a video', () => {
  it('gives the playlist to a browser that plays HLS itself, and takes it back', async () => {
    const video = new FakeVideo('maybe');
    const onFatalError = vi.fn();
    const detach = await attachStream(asVideo(video), '/media/folder/t/id/hls/master.m3u8', { onFatalError });
    expect(video.src).toBe('/media/folder/t/id/hls/master.m3u8');
    video.dispatchEvent(new Event('error'));
    expect(onFatalError).toHaveBeenCalledOnce();
    detach();
    expect(video.src).toBe('');
    expect(video.loads).toBe(1);
    video.dispatchEvent(new Event('error'));
    expect(onFatalError).toHaveBeenCalledOnce();
  });

  it('falls back to the element itself where hls.js cannot run (no Media Source Extensions)', async () => {
    // Node has no MediaSource: hls.js says it is not supported, as an old browser would.
    const video = new FakeVideo('');
    const detach = await attachStream(asVideo(video), '/master.m3u8');
    expect(video.src).toBe('/master.m3u8');
    detach();
    expect(video.src).toBe('');
  });
});

describe('starting at the lowest rung', () => {
  it('follows Save-Data and slow connections, and starts higher otherwise', () => {
    const withConnection = (connection: unknown) => vi.stubGlobal('navigator', { connection });
    withConnection({ saveData: true, effectiveType: '4g' });
    expect(prefersLowestRung()).toBe(true);
    withConnection({ saveData: false, effectiveType: '3g' });
    expect(prefersLowestRung()).toBe(true);
    withConnection({ saveData: false, effectiveType: '4g' });
    expect(prefersLowestRung()).toBe(false);
    withConnection(undefined);
    expect(prefersLowestRung()).toBe(false);
  });
});
