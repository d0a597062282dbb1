import { describe, expect, it } from 'vitest';
import { describePriceTag } from './price-tag';

const open = { visibility: 'everyone', price: null, isLocked: false, isOwn: false } as const;
// A track row has no lock panel: its tag says what opens a locked track.
const trackRow = { showsLock: true } as const;
// A post has its lock panel: its tag tells a viewer let in why.
const postByline = { showsAccess: true } as const;

describe('describePriceTag in a list of tracks', () => {
  it('shows a locked track’s price, or Pass holders, to a listener who has not paid', () => {
    expect(
      describePriceTag({ ...open, isLocked: true, visibility: 'pay-to-unlock', price: 2550 }, trackRow),
    ).toEqual({ text: 'K25.50', isLocked: true });
    expect(describePriceTag({ ...open, isLocked: true, visibility: 'subscribers' }, trackRow)).toEqual({
      text: 'Pass holders',
      isLocked: true,
    });
  });

  it('shows nothing to a listener with access, and the author who a track is for', () => {
    expect(describePriceTag({ ...open, visibility: 'pay-to-unlock', price: 2500 }, trackRow)).toBeNull();
    expect(describePriceTag({ ...open, isOwn: true }, trackRow)).toBeNull();
    expect(
      describePriceTag({ ...open, isOwn: true, visibility: 'pay-to-unlock', price: 2500 }, trackRow),
    ).toEqual({ text: 'Pay to unlock · K25', isLocked: false });
    expect(describePriceTag({ ...open, isOwn: true, visibility: 'subscribers' }, trackRow)).toEqual({
      text: 'Pass holders',
      isLocked: false,
    });
  });
});

describe('describePriceTag on a post', () => {
  it('says nothing on a locked post (its lock panel does) nor on a post for everyone', () => {
    expect(
      describePriceTag({ ...open, isLocked: true, visibility: 'pay-to-unlock', price: 750 }, postByline),
    ).toBeNull();
    expect(describePriceTag(open, postByline)).toBeNull();
    expect(describePriceTag({ ...open, isOwn: true }, postByline)).toBeNull();
  });

  it('tells the author the price, and a viewer let in why they see it', () => {
    expect(
      describePriceTag({ ...open, isOwn: true, visibility: 'pay-to-unlock', price: 750 }, postByline),
    ).toEqual({ text: 'Pay to unlock · K7.50', isLocked: false });
    expect(describePriceTag({ ...open, visibility: 'pay-to-unlock', price: 750 }, postByline)).toEqual({
      text: 'Unlocked',
      isLocked: false,
    });
    expect(describePriceTag({ ...open, visibility: 'subscribers' }, postByline)).toEqual({
      text: 'Pass holders',
      isLocked: false,
    });
  });
});
