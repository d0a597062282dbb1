import { describe, expect, it } from 'vitest';
import { describePurchaseForCreator, describePurchaseForFan } from './purchase-titles.ts';

describe('a purchase named for its reader', () => {
  it('tells the fan what and to whom', () => {
    const to = (kind: string, details: Record<string, string | number>) =>
      describePurchaseForFan({ kind, details, counterpartName: 'Mutinta Hamoonga' });
    expect(to('tip', { tipName: 'Munkoyo', postId: 'p' })).toBe('Tip "Munkoyo" to Mutinta Hamoonga');
    expect(to('pass', { period: 'weekly' })).toBe('Weekly pass to Mutinta Hamoonga');
    expect(to('unlock', { itemType: 'post', itemId: 'p' })).toBe('Unlocked a post by Mutinta Hamoonga');
    expect(to('support', {})).toBe('Support to Mutinta Hamoonga');
  });

  it('tells the creator what and from whom, and names a closed account', () => {
    const from = (kind: string, details: Record<string, string | number>) =>
      describePurchaseForCreator({ kind, details, counterpartName: 'Kondwani Tembo' });
    expect(from('tip', { tipName: 'Munkoyo' })).toBe('Tip "Munkoyo" from Kondwani Tembo');
    expect(from('pass', { period: 'daily' })).toBe('Daily pass from Kondwani Tembo');
    expect(from('unlock', { itemType: 'post' })).toBe('A post unlocked by Kondwani Tembo');
    expect(from('support', {})).toBe('Support from Kondwani Tembo');
    expect(describePurchaseForCreator({ kind: 'support', details: {}, counterpartName: null })).toBe(
      'Support from a closed account',
    );
  });
});
