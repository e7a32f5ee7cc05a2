import { currencyOf } from '../../../shared/data/payment-methods.ts';
import type { Db } from '../../db/client.ts';
import { creditBundles, discountCodes, sites } from '../../db/schema.ts';

/** Credits per bundle and its price per currency in cents (Pay-01): bigger bundles cost less per credit. */
const CREDITS = [15, 50, 120, 300] as const;
const PRICES: Record<string, readonly number[]> = {
  EUR: [995, 2495, 4995, 9995],
  CHF: [1095, 2695, 5395, 10795],
  GBP: [895, 2195, 4395, 8795],
  DKK: [7495, 18695, 37295, 74595],
  NOK: [11495, 28495, 56995, 113995],
  SEK: [11495, 28495, 56995, 113995],
  PLN: [4295, 10795, 21495, 42995],
  USD: [1095, 2695, 5395, 10795],
};

/** Demo bundles for every site and country it serves, and two demo discount codes. Adds only what is missing. */
export async function seedCredits(db: Db) {
  const rows = await db
    .select({ id: sites.id, countries: sites.countries, isDefault: sites.isDefault })
    .from(sites);
  const values = rows.flatMap((site) =>
    site.countries.flatMap((country) => {
      const currency = currencyOf(country);
      const prices = PRICES[currency] ?? PRICES.EUR ?? [];
      return CREDITS.map((credits, i) => ({
        siteId: site.id,
        country,
        currency,
        credits,
        // The second demo site is a premium niche: a fifth dearer, still ending in 95.
        amountCents: site.isDefault
          ? (prices[i] ?? 995)
          : Math.round(((prices[i] ?? 995) * 1.2) / 100) * 100 - 5,
        position: i,
      }));
    }),
  );
  if (values.length) await db.insert(creditBundles).values(values).onConflictDoNothing();
  await db
    .insert(discountCodes)
    .values([
      { code: 'VONK10', percentage: 10, oncePerMember: true },
      { code: 'LENTE20', percentage: 20, minimumCents: 2000, country: 'NL', oncePerMember: true },
    ])
    .onConflictDoNothing();
}
