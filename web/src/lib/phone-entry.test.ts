import { MOBILE_MONEY_MESSAGES } from '@stagepass/contract/mobile-money';
import { describe, expect, it } from 'vitest';
import { checkTypedPhone, predictTypedOperator } from './phone-entry';

describe('a typed Zambian number', () => {
  it('shows its operator as soon as the prefix is typed, in any of the three forms', () => {
    expect(predictTypedOperator('076')?.name).toBe('MTN');
    expect(predictTypedOperator('+26097')?.name).toBe('Airtel');
    expect(predictTypedOperator('260 95')?.name).toBe('Zamtel');
    expect(predictTypedOperator('763456789')?.name).toBe('MTN');
    expect(predictTypedOperator('07')).toBeUndefined();
    expect(predictTypedOperator('091')).toBeUndefined();
    expect(predictTypedOperator('')).toBeUndefined();
  });

  it('is normalised to 260… with its operator', () => {
    for (const typed of ['+260763456789', '260763456789', '0763456789', '+260 76 345 6789']) {
      expect(checkTypedPhone(typed)).toMatchObject({ msisdn: '260763456789', operator: { name: 'MTN' } });
    }
  });

  it('says what is wrong otherwise', () => {
    expect(checkTypedPhone('  ')).toEqual({ error: MOBILE_MONEY_MESSAGES.phoneRequired });
    expect(checkTypedPhone('0763')).toEqual({ error: MOBILE_MONEY_MESSAGES.phoneInvalid });
    expect(checkTypedPhone('+44 7700 900123')).toEqual({ error: MOBILE_MONEY_MESSAGES.phoneInvalid });
    expect(checkTypedPhone('0551234567')).toEqual({ error: MOBILE_MONEY_MESSAGES.operatorUnknown });
  });
});
