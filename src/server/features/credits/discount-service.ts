import type { TDiscount } from '../../../shared/contract/credits.ts';
import { type Currency, currencyOf } from '../../../shared/data/payment-methods.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { SiteRow } from '../../platform/site.ts';
import { resolveDiscount, timeBonusDiscount } from './discounts.ts';
import { buyableBundle, requireBuyer } from './service.ts';

/**
 * GET /api/discount-code (spec §7): `welcome=true` answers the member's welcome discount (the time bonus,
 * Pay-08) or 404; a `code` is checked for the member, against a bundle's price when one is named (Pay-07).
 */
export async function getDiscount(
  db: Db,
  site: SiteRow,
  userId: number,
  query: { code?: string | undefined; welcome?: string | undefined; bundle_id?: number | undefined },
  now: Date,
): Promise<TDiscount> {
  const buyer = await requireBuyer(db, userId);
  const bundle = query.bundle_id ? await buyableBundle(db, site, buyer, query.bundle_id) : null;
  const country = bundle?.country ?? buyer.country ?? site.countries[0] ?? 'NL';
  const currency = (bundle?.currency ?? currencyOf(country)) as Currency;
  if (query.welcome) {
    const discount = await timeBonusDiscount(db, buyer, currency, country, now);
    if (!discount) throw new AppError(404, 'discount_not_found', 'discount.not_found');
    return discount;
  }
  if (!query.code) throw new AppError(404, 'discount_not_found', 'discount.not_found');
  const applied = await resolveDiscount(
    db,
    buyer,
    query.code,
    { country, currency, amountCents: bundle?.amountCents ?? null },
    now,
  );
  return applied.discount;
}
