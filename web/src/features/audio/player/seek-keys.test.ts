import { describe, expect, it } from 'vitest';
import { readSeekKeyTarget } from './seek-keys';

const at = (position: number, canSeek = true) => ({ position, duration: 180, canSeek });

describe('seeking by keyboard', () => {
  it('moves 5 s with the arrows', () => {
    expect(readSeekKeyTarget('ArrowRight', at(60))).toBe(65);
    expect(readSeekKeyTarget('ArrowUp', at(60))).toBe(65);
    expect(readSeekKeyTarget('ArrowLeft', at(60))).toBe(55);
    expect(readSeekKeyTarget('ArrowDown', at(60))).toBe(55);
  });

  it('moves 30 s with Page Up and Down, and to the ends with Home and End', () => {
    expect(readSeekKeyTarget('PageUp', at(60))).toBe(90);
    expect(readSeekKeyTarget('PageDown', at(60))).toBe(30);
    expect(readSeekKeyTarget('Home', at(60))).toBe(0);
    expect(readSeekKeyTarget('End', at(60))).toBe(180);
  });

  it('stays within the track', () => {
    expect(readSeekKeyTarget('ArrowLeft', at(2))).toBe(0);
    expect(readSeekKeyTarget('ArrowRight', at(178))).toBe(180);
  });

  it('does nothing for other keys, and for every key on a preview', () => {
    expect(readSeekKeyTarget('Enter', at(60))).toBeNull();
    expect(readSeekKeyTarget('ArrowRight', at(10, false))).toBeNull();
    expect(readSeekKeyTarget('End', at(10, false))).toBeNull();
  });
});
