import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsPerCreditX100, chargeCents, discountCents } from './pricing.ts';

describe('Pay-07 Pay-08 price after a discount', () => {
  it('Pay-07 the charge is integer cents between 1 cent and the full price; 0% changes nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (amount, pct) => {
          const charge = chargeCents(amount, pct);
          expect(Number.isInteger(charge)).toBe(true);
          expect(charge).toBeGreaterThanOrEqual(1);
          expect(charge).toBeLessThanOrEqual(amount);
          expect(charge + discountCents(amount, pct)).toBeGreaterThanOrEqual(amount);
          expect(chargeCents(amount, 0)).toBe(amount);
        },
      ),
    );
  });

  it('Pay-08 25% off 9.95 is 7.46 (the discount rounds half up); bad input throws', () => {
    expect(chargeCents(995, 25)).toBe(746);
    expect(chargeCents(2, 50)).toBe(1);
    expect(() => chargeCents(9.5, 10)).toThrow();
    expect(() => chargeCents(100, 101)).toThrow();
    expect(centsPerCreditX100(995, 15)).toBe(6633);
  });
});
