import type { TDiscount } from '../../../shared/contract/credits.ts';
import { PAYMENT_METHODS } from '../../../shared/data/payment-methods.ts';
import { RULES } from '../../../shared/rules.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { type Buyer, countCodeUses, type DiscountCodeRow, findDiscountCode, hasRedeemed } from './queries.ts';

export interface AppliedDiscount {
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
  if (await hasRedeemed(db, buyer.id, RULES.timeBonus.code)) return null;
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
    if (await hasRedeemed(db, buyer.id, code)) throw used();
    const discount = await timeBonusDiscount(db, buyer, order.currency, order.country, now);
    // Gone since the check above: used by a payment started at the same moment (another tab), or expired.
    if (!discount) throw (await hasRedeemed(db, buyer.id, code)) ? used() : expired();
    return { code, percentage: discount.value_percentage, singleUse: true, maxUses: null, discount };
  }
  const row = await findDiscountCode(db, code);
  if (!row?.active || (row.country && row.country !== order.country)) throw notFound();
  // A code of one site is unknown on every other (O-04).
  if (row.siteId !== null && row.siteId !== buyer.siteId) throw notFound();
  if (row.validFrom && row.validFrom > now) throw notFound();
  if (row.validUntil && row.validUntil <= now) throw expired();
  if (row.oncePerMember && (await hasRedeemed(db, buyer.id, row.code))) throw used();
  // Used up in all: a quick answer here; starting the payment counts again under a lock (claimCodeUse).
  if (row.maxUses !== null && (await countCodeUses(db, row.code)) >= row.maxUses) throw used();
  if (order.amountCents !== null && order.amountCents < row.minimumCents) {
    throw new AppError(422, 'discount_minimum', 'discount.minimum', {
      details: { minimum_order_value: row.minimumCents },
    });
  }
  return {
    code: row.code,
    percentage: row.percentage,
    singleUse: row.oncePerMember,
    maxUses: row.maxUses,
    discount: presentCode(row, order.currency, false),
  };
}
