import { describe, expect, it } from 'vitest';
import { explainLowStart, shouldStartAtLowest } from './data-plan';

const fast = { saveData: false, effectiveType: '4g' };

describe('starting at the lowest rung', () => {
  it('happens with Save-Data, on a 2g or slower link, and with the data saver on', () => {
    expect(shouldStartAtLowest({ ...fast, saveData: true }, { isDataSaverOn: false })).toBe(true);
    expect(shouldStartAtLowest({ ...fast, effectiveType: '2g' }, { isDataSaverOn: false })).toBe(true);
    expect(shouldStartAtLowest({ ...fast, effectiveType: 'slow-2g' }, { isDataSaverOn: false })).toBe(true);
    expect(shouldStartAtLowest(fast, { isDataSaverOn: true })).toBe(true);
  });

  it('does not happen on a fast link, a 3g one, or where the browser says nothing', () => {
    expect(shouldStartAtLowest(fast, { isDataSaverOn: false })).toBe(false);
    expect(shouldStartAtLowest({ ...fast, effectiveType: '3g' }, { isDataSaverOn: false })).toBe(false);
    expect(shouldStartAtLowest({ saveData: false, effectiveType: null }, { isDataSaverOn: false })).toBe(
      false,
    );
  });

  it('says why, the viewer own setting first', () => {
    expect(explainLowStart({ ...fast, saveData: true }, { isDataSaverOn: true })).toMatch(
      /^Data saver is on/,
    );
    expect(explainLowStart({ ...fast, saveData: true }, { isDataSaverOn: false })).toMatch(/save data/);
    expect(explainLowStart({ ...fast, effectiveType: '2g' }, { isDataSaverOn: false })).toMatch(/slow/);
    expect(explainLowStart(fast, { isDataSaverOn: false })).toBeNull();
  });
});
