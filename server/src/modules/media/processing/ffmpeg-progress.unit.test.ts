import { describe, expect, it } from 'vitest';
import { createProgressReader } from './ffmpeg-progress.ts';

describe('reading ffmpeg’s -progress output', () => {
  it('reports out_time as a share of the duration, across chunks cut anywhere', () => {
    const shares: number[] = [];
    const read = createProgressReader(120, (share) => shares.push(share));
    read('frame=10\nout_time_ms=-2000\nout_time=-00:00:00.002000\nprogress=continue\nout_ti');
    read('me=00:00:30.000000\nprogress=continue\n');
    read('out_time=00:01:30.000000\r\nprogress=continue\nout_time=00:02:00.500000\nprogress=end\n');
    expect(shares).toEqual([0.25, 0.75, 1, 1]);
  });

  it('reports only the end when the duration is unknown', () => {
    const shares: number[] = [];
    const read = createProgressReader(null, (share) => shares.push(share));
    read('out_time=00:00:30.000000\nprogress=continue\nout_time=N/A\nprogress=end\n');
    expect(shares).toEqual([1]);
  });
});
