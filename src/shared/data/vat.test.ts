import { describe, expect, it } from 'vitest';
import { VISIBLE_LOCALES } from '../i18n/locales.ts';
import { VAT_RATES, vatIncluded } from './vat.ts';

describe('Pay-11 VAT on receipts', () => {
  it('Pay-11 the VAT inside a price that includes it, by the buyer’s country', () => {
    expect(vatIncluded(995, 'NL')).toEqual({ rate: 21, cents: 173 });
    expect(vatIncluded(1000, 'FI')).toEqual({ rate: 25.5, cents: 203 });
    expect(vatIncluded(2495, 'CH')).toEqual({ rate: 8.1, cents: 187 });
    expect(vatIncluded(995, 'US')).toBeNull();
  });

  it('Pay-11 every country Vonk serves has a rate, except the United States', () => {
    const missing = Object.keys(VISIBLE_LOCALES).filter((c) => VAT_RATES[c] === undefined);
    expect(missing).toEqual(['US']);
  });
});
