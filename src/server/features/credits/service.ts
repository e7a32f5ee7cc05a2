import type {
  TBundle,
  TMethod,
  TPricing,
  TQuote,
  TRepeatOrder,
  TTimeBonus,
} from '../../../shared/contract/credits.ts';
import {
  type Currency,
  findMethod,
  methodsFor,
  type PaymentMethod,
} from '../../../shared/data/payment-methods.ts';
import { centsPerCreditX100, chargeCents } from '../../../shared/pricing.ts';
import { RULES } from '../../../shared/rules.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { SiteRow } from '../../platform/site.ts';
import {
  type AppliedDiscount,
  holdOf,
  pickBest,
  resolveDiscount,
  retentionDiscount,
  timeBonusRemaining,
  welcomeDiscount,
} from './discounts.ts';
import {
  type BundleRow,
  type Buyer,
  bundleCountries,
  dismissTimeBonus,
  findBundle,
  findBuyer,
  isTimeBonusDismissed,
  lastPaidPayment,
  listBundles,
} from './queries.ts';

const notFound = () => new AppError(404, 'not_found', 'error.not_found');

export function presentBundle(row: BundleRow, best: boolean): TBundle {
  return {
    id: row.id,
    credits: row.credits,
    amount_cents: row.amountCents,
    currency: row.currency as Currency,
    best_value: best,
    discounted_cents: null,
  };
}

/** Bundles with the lowest price per credit marked as the best value (Pay-01). */
function presentBundles(rows: BundleRow[]): TBundle[] {
  const best = Math.min(...rows.map((r) => centsPerCreditX100(r.amountCents, r.credits)));
  return rows.map((r) =>
    presentBundle(r, rows.length > 1 && centsPerCreditX100(r.amountCents, r.credits) === best),
  );
}

export function presentMethod(m: PaymentMethod): TMethod {
  return { id: m.id, name: m.name, logo: m.logo, card: Boolean(m.card) };
}

/** The country whose bundles a member sees: their own when the site sells there, else the site's home. */
async function pricingCountry(db: Db, site: SiteRow, wanted: string | null | undefined): Promise<string> {
  const countries = await bundleCountries(db, site.id);
  if (wanted && countries.includes(wanted)) return wanted;
  return site.countries.find((c) => countries.includes(c)) ?? countries[0] ?? site.countries[0] ?? 'NL';
}

export async function requireBuyer(db: Db, userId: number): Promise<Buyer> {
  const buyer = await findBuyer(db, userId);
  if (!buyer) throw new AppError(403, 'authentication_required', 'auth.required');
  return buyer;
}

/** Bundles and the per-message-type prices of a site for a country (Pay-01): /credits and /pricing. */
export async function getPricing(
  db: Db,
  site: SiteRow,
  country: string | null | undefined,
): Promise<TPricing> {
  const chosen = await pricingCountry(db, site, country);
  const rows = await listBundles(db, site.id, chosen);
  const cost = site.minimumMessageCosts[chosen];
  return {
    country: chosen,
    currency: (rows[0]?.currency ?? 'EUR') as Currency,
    bundles: presentBundles(rows),
    message_credits: site.messageCredits,
    photo_credits: site.photoCredits,
    gift_credits: site.giftCredits,
    minimum_message_cost: cost ? { costs: cost.costs, currency: cost.currency } : null,
    refund_days: site.refundDays,
    discount: null,
  };
}

/** The member's bundles, with the discounted price on each card while an automatic discount runs. */
export async function getMemberPricing(db: Db, site: SiteRow, userId: number, now: Date): Promise<TPricing> {
  const buyer = await requireBuyer(db, userId);
  const pricing = await getPricing(db, site, buyer.country);
  const best = pickBest(
    Math.max(0, ...pricing.bundles.map((b) => b.amount_cents)),
    await automaticDiscounts(db, buyer, pricing.currency, pricing.country, now),
  );
  if (!best) return pricing;
  return {
    ...pricing,
    bundles: pricing.bundles.map((b) => ({
      ...b,
      discounted_cents: chargeCents(b.amount_cents, best.percentage),
    })),
    discount: { code: best.code, value_percentage: best.percentage, source: best.source },
  };
}

/** The discounts a member holds without typing anything: welcome (time bonus) and the retention offer. */
async function automaticDiscounts(
  db: Db,
  buyer: Buyer,
  currency: Currency,
  country: string,
  now: Date,
): Promise<AppliedDiscount[]> {
  const found = [
    await welcomeDiscount(db, buyer, currency, country, now),
    await retentionDiscount(db, buyer, currency, country),
  ];
  return found.filter((d): d is AppliedDiscount => d !== null);
}

/**
 * A bundle the member may buy: on the member's own site and in the country their prices come from.
 * Anything else (another site's bundle, another country's, an inactive one) is a 404, never a price.
 */
export async function buyableBundle(
  db: Db,
  site: SiteRow,
  buyer: Buyer,
  bundleId: number,
): Promise<BundleRow> {
  const bundle = await findBundle(db, bundleId);
  if (!bundle?.active || bundle.siteId !== buyer.siteId || bundle.siteId !== site.id) throw notFound();
  const country = await pricingCountry(db, site, buyer.country);
  if (bundle.country !== country) throw notFound();
  return bundle;
}

export interface Order {
  bundle: BundleRow;
  /** The best of the discounts the member may use on this bundle (issue 26). */
  discount: AppliedDiscount | null;
  /** A typed code that gives less than `discount`: kept out, and said. */
  passedOver: AppliedDiscount | null;
  amountCents: number;
  methods: PaymentMethod[];
}

/**
 * The order a member would place: bundle, discount and the one amount, all decided here (Pay-03, Pay-07).
 * The discount is the best of those the member may use: the welcome discount, the retention offer and a
 * typed code (which must be valid, but never replaces a better automatic one). Every method, direct debit
 * included, is priced here.
 */
export async function buildOrder(
  db: Db,
  site: SiteRow,
  buyer: Buyer,
  bundleId: number,
  code: string | undefined,
  now: Date,
): Promise<Order> {
  const bundle = await buyableBundle(db, site, buyer, bundleId);
  const currency = bundle.currency as Currency;
  const typed = code
    ? await resolveDiscount(
        db,
        buyer,
        code,
        { country: bundle.country, currency, amountCents: bundle.amountCents },
        now,
      )
    : null;
  const automatic = (await automaticDiscounts(db, buyer, currency, bundle.country, now)).filter(
    (d) => d.code !== typed?.code,
  );
  const discount = pickBest(bundle.amountCents, [...automatic, ...(typed ? [typed] : [])]);
  return {
    bundle,
    discount,
    passedOver: typed && discount !== typed ? typed : null,
    amountCents: chargeCents(bundle.amountCents, discount?.percentage ?? 0),
    methods: methodsFor(bundle.country, currency),
  };
}

export async function getQuote(
  db: Db,
  site: SiteRow,
  userId: number,
  query: { bundle_id: number; discount_code?: string | undefined },
  now: Date,
): Promise<TQuote> {
  const buyer = await requireBuyer(db, userId);
  const order = await buildOrder(db, site, buyer, query.bundle_id, query.discount_code, now);
  const all = await listBundles(db, site.id, order.bundle.country);
  const bundle =
    presentBundles(all).find((b) => b.id === order.bundle.id) ?? presentBundle(order.bundle, false);
  return {
    bundle,
    methods: order.methods.map(presentMethod),
    discount: order.discount?.discount ?? null,
    discount_source: order.discount?.source ?? null,
    passed_over: order.passedOver
      ? { code: order.passedOver.code, value_percentage: order.passedOver.percentage }
      : null,
    amount_cents: order.amountCents,
  };
}

/** The last bundle and method the member paid with, to buy again in two clicks (Pay-05). */
export async function getRepeatOrder(db: Db, site: SiteRow, userId: number): Promise<TRepeatOrder> {
  const buyer = await requireBuyer(db, userId);
  const last = await lastPaidPayment(db, userId);
  if (!last) throw new AppError(404, 'no_previous_order', 'credits.no_previous_order');
  const bundle = await buyableBundle(db, site, buyer, last.bundleId).catch(() => null);
  const method = findMethod(last.method);
  if (!bundle || !method || !methodsFor(bundle.country, bundle.currency).includes(method)) {
    throw new AppError(404, 'no_previous_order', 'credits.no_previous_order');
  }
  return { bundle: presentBundle(bundle, false), method: presentMethod(method) };
}

/** The time bonus of a member (Pay-09): remaining seconds from the server's clock, and whether the popup may open. */
export async function getTimeBonus(db: Db, userId: number, now: Date): Promise<TTimeBonus> {
  const buyer = await requireBuyer(db, userId);
  const remaining = timeBonusRemaining(buyer, now);
  const { code, percentage } = RULES.timeBonus;
  if (remaining === 0) return { active: false, code, percentage, remaining_seconds: 0, popup: false };
  if ((await holdOf(db, userId, code)).consumed) {
    return { active: false, code, percentage, remaining_seconds: 0, popup: false };
  }
  const popup = buyer.credits === 0 && !(await isTimeBonusDismissed(db, userId));
  return { active: true, code, percentage, remaining_seconds: remaining, popup };
}

export async function closeTimeBonusPopup(db: Db, userId: number, now: Date): Promise<{ ok: true }> {
  await dismissTimeBonus(db, userId, now);
  return { ok: true };
}
