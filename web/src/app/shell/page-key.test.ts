import { describe, expect, it } from 'vitest';
import { readPageKey } from './page-key';

describe('the page key', () => {
  it("is the path for a page, so another page's address starts it afresh", () => {
    expect(readPageKey('/feed/abc')).toBe('/feed/abc');
    expect(readPageKey('/@ana')).not.toBe(readPageKey('/@bob'));
  });

  it("stays the same while the player moves through a creator's tracks", () => {
    expect(readPageKey('/@ana/audio/Ab-_3d5f7h9j1l3n')).toBe(readPageKey('/@ana/audio/Zz9_8y7x6w5v4u3t'));
  });

  it('changes with the creator whose tracks play', () => {
    expect(readPageKey('/@ana/audio/Ab-_3d5f7h9j1l3n')).not.toBe(readPageKey('/@bob/audio/Ab-_3d5f7h9j1l3n'));
  });
});
