import { describe, expect, it } from 'vitest';
import { normalizeZambianPhone, predictOperator } from './mobile-money.ts';
import { ngweeToProviderAmount, providerAmountToNgwee, ZProviderAmount } from './wallet.ts';

describe("pawaPay's decimal amounts", () => {
  it('turn into ngwee digit by digit and back in the shortest form', () => {
    expect(providerAmountToNgwee('20')).toBe(2000);
    expect(providerAmountToNgwee('19.5')).toBe(1950);
    expect(providerAmountToNgwee('0.05')).toBe(5);
    expect(ngweeToProviderAmount(2000)).toBe('20');
    expect(ngweeToProviderAmount(1950)).toBe('19.5');
    expect(ngweeToProviderAmount(1905)).toBe('19.05');
  });

  it('accept what pawaPay accepts and nothing else', () => {
    for (const good of ['5', '5.5', '5.55', '20000'])
      expect(ZProviderAmount.safeParse(good).success).toBe(true);
    for (const bad of ['5.', '.5', '5.555', '-5', '05', '1e3', ' 5'])
      expect(ZProviderAmount.safeParse(bad).success).toBe(false);
  });
});

describe('Zambian mobile numbers', () => {
  it('are normalised from +260…, 260… or 0… and their operator predicted', () => {
    expect(normalizeZambianPhone('+260 97 123 4567')).toBe('260971234567');
    expect(normalizeZambianPhone('260763456789')).toBe('260763456789');
    expect(normalizeZambianPhone('0955-123-456')).toBe('260955123456');
    expect(predictOperator('260763456789')?.name).toBe('MTN');
    expect(predictOperator('260971234567')?.name).toBe('Airtel');
    expect(predictOperator('260955123456')?.name).toBe('Zamtel');
  });

  it('are refused when short, foreign or of no operator', () => {
    for (const bad of ['09712345', '+27 82 123 4567', '0211234567', '260981234567', '']) {
      expect(normalizeZambianPhone(bad)).toBeNull();
    }
  });
});
