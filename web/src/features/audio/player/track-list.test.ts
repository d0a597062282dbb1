import type { TAudio } from '@stagepass/contract/audio';
import { describe, expect, it } from 'vitest';
import { findNeighbour, shouldLoadEarlier, shouldLoadMore } from './track-list';

const track = (audioId: string) => ({ audioId }) as TAudio;
const tracks = ['a', 'b', 'c'].map(track);

describe('moving through the list', () => {
  it('goes to the next and the previous track', () => {
    expect(findNeighbour(tracks, 'a', 1)).toBe('b');
    expect(findNeighbour(tracks, 'b', 1)).toBe('c');
    expect(findNeighbour(tracks, 'c', -1)).toBe('b');
    expect(findNeighbour(tracks, 'b', -1)).toBe('a');
  });

  it('stops at either end (the automatic advance ends with the last track)', () => {
    expect(findNeighbour(tracks, 'a', -1)).toBeNull();
    expect(findNeighbour(tracks, 'c', 1)).toBeNull();
  });

  it('has no neighbour for a track outside the list', () => {
    expect(findNeighbour(tracks, 'z', 1)).toBeNull();
  });
});

describe('the pages of the list', () => {
  it('load the next page as the player nears the end of what is loaded', () => {
    const ten = Array.from({ length: 10 }, (_, index) => track(`t${index}`));
    const more = { hasNextPage: true, isFetching: false };
    expect(shouldLoadMore(ten, 't0', more)).toBe(false);
    expect(shouldLoadMore(ten, 't6', more)).toBe(false);
    expect(shouldLoadMore(ten, 't7', more)).toBe(true);
    expect(shouldLoadMore(ten, 't9', more)).toBe(true);
  });

  it('are not asked for again while a page is on its way, nor past the last one', () => {
    expect(shouldLoadMore(tracks, 'c', { hasNextPage: true, isFetching: true })).toBe(false);
    expect(shouldLoadMore(tracks, 'c', { hasNextPage: false, isFetching: false })).toBe(false);
  });

  it('load the page before (the newer tracks) as the player nears the start of what is loaded', () => {
    const ten = Array.from({ length: 10 }, (_, index) => track(`t${index}`));
    const earlier = { hasPreviousPage: true, isFetching: false };
    expect(shouldLoadEarlier(ten, 't0', earlier)).toBe(true);
    expect(shouldLoadEarlier(ten, 't2', earlier)).toBe(true);
    expect(shouldLoadEarlier(ten, 't3', earlier)).toBe(false);
    expect(shouldLoadEarlier(ten, 'elsewhere', earlier)).toBe(false);
    expect(shouldLoadEarlier(ten, 't0', { hasPreviousPage: true, isFetching: true })).toBe(false);
    expect(shouldLoadEarlier(ten, 't0', { hasPreviousPage: false, isFetching: false })).toBe(false);
  });
});
