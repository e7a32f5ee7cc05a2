import type { TDiscount } from '../../../shared/contract/credits.ts';
import { PAYMENT_METHODS } from '../../../shared/data/payment-methods.ts';
import { chargeCents } from '../../../shared/pricing.ts';
import { RULES } from '../../../shared/rules.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { countCodeUses, findDiscountCode, redemptionHolder } from './discount-queries.ts';
import type { Buyer, DiscountCodeRow, PaymentRow } from './queries.ts';

/** Where a discount comes from: the welcome discount (the time bonus), the "stay" offer, a typed code. */
export type DiscountSource = 'welcome' | 'retention' | 'code';

/** The code a payment records for the retention offer: once per member, like TIMEBONUS25. */
export const RETENTION_CODE = 'RETENTION';

export interface AppliedDiscount {
  source: DiscountSource;
  /**
   * The member's own open or pending payment that reserves this discount now. A new payment may take it
   * only once the provider has cancelled that one (startPayment), so it is never used twice.
   */
  reservedBy: PaymentRow | null;
  code: string;
  percentage: number;
  /** Used once per member: the payment records a redemption, which a second use collides with. */
  singleUse: boolean;
  /** How many payments may use it in all (null: no limit); checked again under a lock when paying. */
  maxUses: number | null;
  discount: TDiscount;
}

const notFound = () => new AppError(404, 'discount_not_found', 'discount.not_found');
const used = () => new AppError(409, 'discount_used', 'discount.used');
const expired = () => new AppError(410, 'discount_expired', 'discount.expired');
const ALL_METHODS = PAYMENT_METHODS.filter((m) => m.status === 'active').map((m) => m.id);

/**
 * A member's hold on a single-use code: reserved by an open or pending payment of theirs, consumed by a
 * paid (or later refunded) one, or free. A payment that failed, expired or was cancelled released it.
 */
export async function holdOf(
  db: Db,
  userId: number,
  code: string,
): Promise<{ consumed: boolean; reservedBy: PaymentRow | null }> {
  const holder = await redemptionHolder(db, userId, code);
  if (!holder) return { consumed: false, reservedBy: null };
  if (holder.status === 'open' || holder.status === 'pending') return { consumed: false, reservedBy: holder };
  return { consumed: true, reservedBy: null };
}

/**
 * The best of the discounts a member may use on an order of `amountCents` (issue 26): the lowest charge
 * wins; on a tie the first (automatic ones come first, so a typed code never replaces an equal one).
 */
export function pickBest<T extends { percentage: number }>(amountCents: number, candidates: T[]): T | null {
  let best: T | null = null;
  for (const c of candidates) {
    if (!best || chargeCents(amountCents, c.percentage) < chargeCents(amountCents, best.percentage)) best = c;
  }
  return best;
}

/** Seconds of the time bonus left for a member (Pay-09): 0 for paid members and after the 4 hours. */
export function timeBonusRemaining(buyer: Pick<Buyer, 'paidUser' | 'createdAt'>, now: Date): number {
  if (buyer.paidUser) return 0;
  const elapsed = Math.floor((now.getTime() - buyer.createdAt.getTime()) / 1000);
  return Math.max(0, RULES.timeBonus.windowSeconds - elapsed);
}

/** The time bonus as a discount object, when the member may use it now; null otherwise. */
export async function timeBonusDiscount(
  db: Db,
  buyer: Buyer,
  currency: TDiscount['currency'],
  country: string,
  now: Date,
): Promise<TDiscount | null> {
  const remaining = timeBonusRemaining(buyer, now);
  if (remaining === 0) return null;
  // Reserved by an own open payment is still the member's: only a paid one has used it.
  if ((await holdOf(db, buyer.id, RULES.timeBonus.code)).consumed) return null;
  return {
    code: RULES.timeBonus.code,
    value_percentage: RULES.timeBonus.percentage,
    minimum_order_value: 0,
    currency,
    country,
    user_id: buyer.id,
    expires: new Date(now.getTime() + remaining * 1000).toISOString(),
    expired: false,
    status: 'active',
    validity: 'once_per_user',
    paymentmethods: ALL_METHODS,
  };
}

/** The welcome discount as an applicable discount, or null when the member may not use it now. */
export async function welcomeDiscount(
  db: Db,
  buyer: Buyer,
  currency: TDiscount['currency'],
  country: string,
  now: Date,
): Promise<AppliedDiscount | null> {
  const discount = await timeBonusDiscount(db, buyer, currency, country, now);
  if (!discount) return null;
  const { reservedBy } = await holdOf(db, buyer.id, discount.code);
  return {
    source: 'welcome',
    reservedBy,
    code: discount.code,
    percentage: discount.value_percentage,
    singleUse: true,
    maxUses: null,
    discount,
  };
}

/** The retention offer the member accepted in the delete dialog, until a paid purchase used it. */
export async function retentionDiscount(
  db: Db,
  buyer: Buyer,
  currency: TDiscount['currency'],
  country: string,
): Promise<AppliedDiscount | null> {
  const percentage = buyer.retentionDiscount ?? 0;
  if (percentage <= 0) return null;
  const hold = await holdOf(db, buyer.id, RETENTION_CODE);
  if (hold.consumed) return null;
  return {
    source: 'retention',
    reservedBy: hold.reservedBy,
    code: RETENTION_CODE,
    percentage: Math.min(percentage, 100),
    singleUse: true,
    maxUses: null,
    discount: {
      code: RETENTION_CODE,
      value_percentage: Math.min(percentage, 100),
      minimum_order_value: 0,
      currency,
      country,
      user_id: buyer.id,
      expires: null,
      expired: false,
      status: 'active',
      validity: 'once_per_user',
      paymentmethods: ALL_METHODS,
    },
  };
}

function presentCode(row: DiscountCodeRow, currency: TDiscount['currency'], expired: boolean): TDiscount {
  return {
    code: row.code,
    value_percentage: row.percentage,
    minimum_order_value: row.minimumCents,
    currency,
    country: row.country,
    user_id: null,
    expires: row.validUntil?.toISOString() ?? null,
    expired,
    status: expired ? 'expired' : 'active',
    validity: row.oncePerMember ? 'once_per_user' : 'unlimited',
    paymentmethods: ALL_METHODS,
  };
}

/**
 * Checks a code a member typed for an order of `orderCents` in `country` (Pay-07): unknown, inactive,
 * other-country and not-yet-valid codes are 'Code niet gevonden'; a single-use code used before is
 * 'Code reeds gebruikt'; expired and below-minimum orders say so.
 */
export async function resolveDiscount(
  db: Db,
  buyer: Buyer,
  code: string,
  order: { country: string; currency: TDiscount['currency']; amountCents: number | null },
  now: Date,
): Promise<AppliedDiscount> {
  if (code === RULES.timeBonus.code) {
    const welcome = await welcomeDiscount(db, buyer, order.currency, order.country, now);
    if (!welcome) throw (await holdOf(db, buyer.id, code)).consumed ? used() : expired();
    return welcome;
  }
  if (code === RETENTION_CODE) {
    const retention = await retentionDiscount(db, buyer, order.currency, order.country);
    if (!retention) throw notFound();
    return retention;
  }
  const row = await findDiscountCode(db, code);
  if (!row?.active || (row.country && row.country !== order.country)) throw notFound();
  // A code of one site is unknown on every other (O-04).
  if (row.siteId !== null && row.siteId !== buyer.siteId) throw notFound();
  if (row.validFrom && row.validFrom > now) throw notFound();
  if (row.validUntil && row.validUntil <= now) throw expired();
  const hold = row.oncePerMember ? await holdOf(db, buyer.id, row.code) : null;
  if (hold?.consumed) throw used();
  // Used up in all: a quick answer here; starting the payment counts again under a lock (claimCodeUse).
  if (row.maxUses !== null && (await countCodeUses(db, row.code)) >= row.maxUses) throw used();
  if (order.amountCents !== null && order.amountCents < row.minimumCents) {
    throw new AppError(422, 'discount_minimum', 'discount.minimum', {
      details: { minimum_order_value: row.minimumCents },
    });
  }
  return {
    source: 'code',
    reservedBy: hold?.reservedBy ?? null,
    code: row.code,
    percentage: row.percentage,
    singleUse: row.oncePerMember,
    maxUses: row.maxUses,
    discount: presentCode(row, order.currency, false),
  };
}
