import { randomBytes } from 'node:crypto';
import {
  DIRECT_DEBIT,
  type TCreatePayment,
  type TCreatePaymentResponse,
  type TPayment,
} from '../../../shared/contract/credits.ts';
import { type Currency, findMethod, PAYMENT_METHODS } from '../../../shared/data/payment-methods.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentProvider, ProviderStatus } from '../../platform/payments/provider.ts';
import type { SiteRow } from '../../platform/site.ts';
import { bookCredits } from '../accounts/index.ts';
import { bookChargeback } from './chargebacks.ts';
import { claimCodeUse, insertRedemption, releaseRedemptions } from './discount-queries.ts';
import {
  advancePayment,
  balanceOf,
  findPaymentByProviderId,
  findPaymentByPublicId,
  hasPaidCardPayment,
  holdCredits,
  insertPayment,
  markPaidUser,
  type PaymentRow,
  paymentsHeldUntil,
  releaseHold,
  setProviderId,
} from './queries.ts';
import { queueReceipt, type ReceiptDeps } from './receipts.ts';
import { buildOrder, requireBuyer } from './service.ts';

/** The ledger reason of a purchase; its reference is the payment's public id. */
export const PURCHASE_REASON = 'purchase';
export const REFUND_REASON = 'refund';

const CARD_METHODS = PAYMENT_METHODS.filter((m) => m.card).map((m) => m.id);
const notFound = () => new AppError(404, 'not_found', 'error.not_found');

export interface PaymentDeps {
  db: Db;
  provider: PaymentProvider;
  /** The site's own origin ("https://vonk.example"), for the provider's return and webhook addresses. */
  origin: string;
  now: Date;
  /** Logs a provider failure (ids and amounts only: providers never get card numbers or IBANs from us). */
  log?: (err: unknown) => void;
  /** The receipt mail of a paid purchase (issue 26): every route that can see a payment paid passes it. */
  receipts?: ReceiptDeps;
}

export function newPublicId(): string {
  return `pay_${randomBytes(12).toString('hex')}`;
}

/**
 * Starts a payment (Pay-03, Pay-10). Bundle, amount, currency and discount come from the server's own
 * tables: the request only names a bundle, a method and maybe a code. A single-use code is recorded with
 * the payment in one transaction, so two tabs redeeming it cannot both win.
 */
export async function startPayment(
  deps: PaymentDeps,
  site: SiteRow,
  userId: number,
  body: TCreatePayment,
): Promise<TCreatePaymentResponse> {
  const { db, provider, origin, now } = deps;
  const buyer = await requireBuyer(db, userId);
  const order = await buildOrder(db, site, buyer, body.bundle_id, body.discount_code, now);
  const method = order.methods.find((m) => m.id === body.method);
  if (!method) throw new AppError(400, 'method_unavailable', 'credits.method_unavailable');
  if (order.discount?.reservedBy) await takeOverReservation(deps, order.discount.reservedBy);

  const publicId = newPublicId();
  let payment: PaymentRow;
  try {
    payment = await db.transaction(async (tx) => {
      const limit = order.discount?.maxUses;
      if (order.discount && limit != null && !(await claimCodeUse(tx, order.discount.code, limit))) {
        throw new AppError(409, 'discount_used', 'discount.used');
      }
      const row = await insertPayment(tx, {
        publicId,
        userId,
        bundleId: order.bundle.id,
        credits: order.bundle.credits,
        amountCents: order.amountCents,
        currency: order.bundle.currency,
        country: order.bundle.country,
        method: method.id,
        provider: provider.name,
        discountCode: order.discount?.code ?? null,
        discountPercentage: order.discount?.percentage ?? 0,
      });
      if (order.discount?.singleUse) await insertRedemption(tx, userId, order.discount.code, row.id);
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'discount_used', 'discount.used');
    throw err;
  }

  try {
    const created = await provider.createPayment({
      amountCents: payment.amountCents,
      currency: payment.currency,
      description: `${site.name}: ${payment.credits} credits`,
      method: method.providerMethod,
      redirectUrl: `${origin}/credits/${payment.bundleId}/${method.id}?payment=${publicId}`,
      webhookUrl: `${origin}/api/payments/webhook`,
      reference: publicId,
    });
    await setProviderId(db, payment.id, created.providerId);
    return {
      payment_id: publicId,
      checkout_url: created.checkoutUrl,
      amount_cents: payment.amountCents,
      currency: payment.currency as Currency,
    };
  } catch (err) {
    // The provider refused or could not be reached: the payment never started, its code is free again.
    await db.transaction(async (tx) => {
      await advancePayment(tx, payment.id, ['open'], 'failed', now);
      await releaseRedemptions(tx, payment.id);
    });
    deps.log?.(err);
    throw new AppError(502, 'provider_unavailable', 'credits.provider_unavailable');
  }
}

/**
 * A new payment takes a discount reserved by the member's own earlier payment (an abandoned bank app)
 * only once that one can no longer be paid: brought up to date with the provider (it may have failed or
 * expired, which released it), else cancelled at the provider. Were it still payable, both could be paid
 * with the discount, so then the new payment is refused with 'discount_reserved' (issue 26).
 */
async function takeOverReservation(deps: PaymentDeps, holder: PaymentRow) {
  let row = await syncPayment(deps, holder);
  if ((row.status === 'open' || row.status === 'pending') && !(await cancelAtProvider(deps, row))) {
    // Not cancellable, or cancelled a moment ago by a parallel request: ask the provider once more.
    row = await syncPayment(deps, (await findPaymentByPublicId(deps.db, holder.publicId)) ?? row);
    if (row.status === 'open' || row.status === 'pending') {
      throw new AppError(409, 'discount_reserved', 'discount.reserved');
    }
  }
  if (row.status === 'paid' || row.status === 'refunded' || row.status === 'charged_back') {
    throw new AppError(409, 'discount_used', 'discount.used');
  }
}

/** Cancels a payment at the provider and, when the provider confirms, here too, giving its code back. */
async function cancelAtProvider(
  deps: Pick<PaymentDeps, 'db' | 'provider' | 'now' | 'receipts'>,
  payment: PaymentRow,
) {
  if (payment.provider !== deps.provider.name || !payment.providerId) return false;
  if (!(await deps.provider.cancel(payment.providerId))) return false;
  await deps.db.transaction(async (tx) => {
    const moved = await advancePayment(tx, payment.id, ['open', 'pending'], 'canceled', deps.now);
    if (moved) await releaseRedemptions(tx, moved.id);
  });
  return true;
}

/**
 * A member cancels their own open payment (issue 26, scope 5): at the provider first, so it can no longer
 * be paid; its discount is free again. A payment that is already final, or that the provider cannot
 * cancel (a bank transfer on its way), answers 409 'payment_not_cancellable'.
 */
export async function cancelOwnPayment(
  deps: Pick<PaymentDeps, 'db' | 'provider' | 'now' | 'receipts'>,
  userId: number,
  publicId: string,
): Promise<TPayment> {
  const synced = await ownPayment(deps, userId, publicId);
  if (synced.status === 'open' || synced.status === 'pending') {
    if (!(await cancelAtProvider(deps, synced))) {
      throw new AppError(409, 'payment_not_cancellable', 'payment.not_cancellable');
    }
  } else if (synced.status !== 'canceled') {
    throw new AppError(409, 'payment_not_cancellable', 'payment.not_cancellable');
  }
  const fresh = await findPaymentByPublicId(deps.db, publicId);
  return presentPayment(deps.db, fresh ?? synced);
}

/**
 * Applies what the provider says about a payment (Pay-10). The status only moves forward; moving to
 * "paid" books the credits in the same transaction, with the payment as the ledger reference, so however
 * many webhooks and polls arrive, in whatever order, the credits are granted exactly once.
 */
export async function syncPayment(
  deps: Pick<PaymentDeps, 'db' | 'provider' | 'now' | 'receipts'>,
  payment: PaymentRow,
  opts: { chargebacks?: boolean } = {},
) {
  const { provider } = deps;
  if (payment.provider !== provider.name || !payment.providerId) return payment;
  const paid = payment.status === 'paid' && opts.chargebacks;
  if (payment.status !== 'open' && payment.status !== 'pending' && !paid) return payment;
  const state = await provider.getStatus(payment.providerId);
  if (state === null) return payment;
  const row = await advanceTo(deps, payment, state.status);
  if (row.status === 'paid' && state.chargedBackCents > 0) {
    return (await bookChargeback(deps, row, state.chargedBackCents)) ?? row;
  }
  return row;
}

async function advanceTo(
  deps: Pick<PaymentDeps, 'db' | 'now' | 'receipts'>,
  payment: PaymentRow,
  status: ProviderStatus,
): Promise<PaymentRow> {
  const { db, now } = deps;
  if (payment.status === 'paid' || status === 'open' || status === payment.status) return payment;
  if (status === 'pending')
    return (await advancePayment(db, payment.id, ['open'], 'pending', now)) ?? payment;
  if (status === 'paid') {
    return db.transaction(async (tx) => {
      const moved = await advancePayment(tx, payment.id, ['open', 'pending'], 'paid', now);
      if (!moved) return payment;
      // The receipt with the status change: written once, however many webhooks and polls arrive.
      if (deps.receipts) await queueReceipt(tx, deps.receipts, moved, 'purchase');
      if (moved.method === 'directdebit') {
        const until = new Date(now.getTime() + DIRECT_DEBIT.creditHoldHours * 3_600_000);
        return (await holdCredits(tx, moved.id, until)) ?? moved;
      }
      await bookPurchase(tx, moved);
      return moved;
    });
  }
  return db.transaction(async (tx) => {
    const moved = await advancePayment(tx, payment.id, ['open', 'pending'], status, now);
    if (moved) await releaseRedemptions(tx, moved.id);
    return moved ?? payment;
  });
}

async function bookPurchase(db: Db | Tx, payment: PaymentRow) {
  await bookCredits(db, payment.userId, payment.credits, {
    reason: PURCHASE_REASON,
    reference: payment.publicId,
  });
  await markPaidUser(db, payment.userId);
}

/**
 * Books the held credits of paid direct debits whose hold is over (a job; also safe to run twice: each
 * payment's hold is cleared once, and the ledger books a reference once). Answers how many were booked.
 */
export async function releaseHeldCredits(db: Db, now: Date): Promise<number> {
  let booked = 0;
  for (const id of await paymentsHeldUntil(db, now)) {
    await db.transaction(async (tx) => {
      const released = await releaseHold(tx, id);
      if (released) {
        await bookPurchase(tx, released);
        booked++;
      }
    });
  }
  return booked;
}

/**
 * The webhook (Pay-10): it carries only the provider's id, and the status is fetched from the provider;
 * for a paid payment, also whether the bank took it back (a chargeback).
 * Unknown ids, ids of another provider (a test-provider id while Mollie is configured) and replays change
 * nothing; the answer is the same either way, so the webhook tells a caller nothing.
 */
export async function handleWebhook(
  deps: Pick<PaymentDeps, 'db' | 'provider' | 'now' | 'receipts'>,
  providerId: string,
) {
  const payment = await findPaymentByProviderId(deps.db, deps.provider.name, providerId);
  if (payment) await syncPayment(deps, payment, { chargebacks: true });
  return { ok: true as const };
}

/** A payment as members see it, in transactions and on the return page. */
export function presentPaymentFields(row: PaymentRow): Omit<TPayment, 'balance' | 'recurring_card'> {
  return {
    id: row.publicId,
    status: row.status,
    bundle_id: row.bundleId,
    credits: row.credits,
    amount_cents: row.amountCents,
    currency: row.currency as Currency,
    method: row.method,
    discount_code: row.discountCode,
    discount_percentage: row.discountPercentage,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    credits_available_at: row.creditsHeldUntil?.toISOString() ?? null,
  };
}

async function presentPayment(db: Db, row: PaymentRow): Promise<TPayment> {
  const method = findMethod(row.method);
  const failed = row.status === 'failed' || row.status === 'canceled' || row.status === 'expired';
  return {
    ...presentPaymentFields(row),
    balance: await balanceOf(db, row.userId),
    recurring_card: Boolean(
      failed && method?.card && (await hasPaidCardPayment(db, row.userId, CARD_METHODS)),
    ),
  };
}

/**
 * The return page's poll (Pay-04): a member's own payment, brought up to date with the provider while it
 * is still open, so a lost webhook does not leave the member waiting. Other members' payments are 404.
 */
export async function getPayment(
  deps: Pick<PaymentDeps, 'db' | 'provider' | 'now' | 'receipts'>,
  userId: number,
  publicId: string,
): Promise<TPayment> {
  return presentPayment(deps.db, await ownPayment(deps, userId, publicId));
}

/** A member's own payment, brought up to date with the provider; anyone else's is a 404. */
async function ownPayment(
  deps: Pick<PaymentDeps, 'db' | 'provider' | 'now' | 'receipts'>,
  userId: number,
  publicId: string,
): Promise<PaymentRow> {
  const row = await findPaymentByPublicId(deps.db, publicId);
  if (!row || row.userId !== userId) throw notFound();
  return syncPayment(deps, row);
}
