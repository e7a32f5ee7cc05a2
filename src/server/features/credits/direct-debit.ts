import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import {
  DIRECT_DEBIT,
  type TCreatePaymentResponse,
  type TDirectDebitStart,
  type TDirectDebitStarted,
} from '../../../shared/contract/credits.ts';
import { findMethod } from '../../../shared/data/payment-methods.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { SiteRow } from '../../platform/site.ts';
import type { SmsSender } from '../../platform/sms.ts';
import {
  countDirectDebitAttempt,
  countDirectDebitsSince,
  countFailedDirectDebits,
  findDirectDebit,
  insertDirectDebitWithinLimit,
  linkDirectDebitPayment,
  verifyDirectDebit,
} from './direct-debit-queries.ts';
import { type PaymentDeps, startPayment } from './payments.ts';
import { findPaymentByPublicId } from './queries.ts';
import { buildOrder, requireBuyer } from './service.ts';

/** The countries where direct debit is offered (SEPA, spec §9's method list). */
const DIRECT_DEBIT_COUNTRIES: readonly string[] = (() => {
  const countries = findMethod('directdebit')?.countries;
  return Array.isArray(countries) ? countries : [];
})();

/**
 * The SMS code goes only to a mobile number of a country where direct debit is offered (libphonenumber-js,
 * full metadata for the number's type): no premium or satellite ranges, no landlines, no other countries
 * (SMS pumping). National numbers are read as the member's country's. Answers the number in international
 * form (+31612345678) or the message id of what is wrong with it.
 */
export function checkPhone(raw: string, country: string): { phone: string } | { error: string } {
  let n = raw.replace(/[\s().-]/g, '');
  if (n.startsWith('00')) n = `+${n.slice(2)}`;
  const home = DIRECT_DEBIT_COUNTRIES.includes(country) ? (country as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(n, home);
  if (!parsed?.isValid()) return { error: 'directdebit.phone_invalid' };
  if (!parsed.country || !DIRECT_DEBIT_COUNTRIES.includes(parsed.country))
    return { error: 'directdebit.phone_country' };
  if (parsed.getType() !== 'MOBILE') return { error: 'directdebit.phone_not_mobile' };
  return { phone: parsed.number };
}

/** IBANs are kept and shown as country code and last four digits only. */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 2)}** **** **** ${iban.slice(-4)}`;
}

const maskPhone = (phone: string) =>
  `${phone.slice(0, 3)}${'•'.repeat(Math.max(0, phone.length - 5))}${phone.slice(-2)}`;
const hashCode = (requestId: string, code: string) =>
  createHash('sha256').update(`${requestId}:${code}`).digest('hex');

const fieldError = (field: string, id: string) =>
  new AppError(400, 'validation', 'error.validation', { details: { fieldIds: { [field]: id } } });

/**
 * Starts a one-time direct debit (Pay-06): checks the member may pay this way, the IBAN (ibantools) and
 * the phone, keeps the order with the IBAN masked, and sends a one-time code by SMS. Nothing is charged
 * until the code is confirmed.
 */
export async function startDirectDebit(
  deps: { db: Db; sms: SmsSender; now: Date },
  site: SiteRow,
  userId: number,
  body: TDirectDebitStart,
): Promise<TDirectDebitStarted> {
  const { db, sms, now } = deps;
  const buyer = await requireBuyer(db, userId);
  if ((await countFailedDirectDebits(db, userId)) >= DIRECT_DEBIT.blockAfterFailed) {
    throw new AppError(403, 'directdebit_blocked', 'directdebit.account_blocked');
  }
  const since = new Date(now.getTime() - 86_400_000);
  // A quick refusal at the limit; the insert below checks it again under a lock (parallel starts).
  if ((await countDirectDebitsSince(db, userId, since)) >= DIRECT_DEBIT.maxOrdersPerDay) {
    throw new AppError(429, 'directdebit_limit', 'directdebit.limit_reached');
  }
  const order = await buildOrder(db, site, buyer, body.bundle_id, body.discount_code, now);
  const method = findMethod('directdebit');
  if (!method || !order.methods.includes(method)) {
    throw new AppError(400, 'method_unavailable', 'credits.method_unavailable');
  }
  const iban = electronicFormatIBAN(body.iban) ?? '';
  if (!isValidIBAN(iban)) throw fieldError('iban', 'directdebit.iban_invalid');
  const checked = checkPhone(body.phone, buyer.country ?? order.bundle.country);
  if ('error' in checked) throw fieldError('phone', checked.error);
  const { phone } = checked;

  const publicId = `dd_${randomBytes(12).toString('hex')}`;
  const code = String(randomInt(0, 10 ** DIRECT_DEBIT.codeDigits)).padStart(DIRECT_DEBIT.codeDigits, '0');
  const ttl = DIRECT_DEBIT.codeTtlMinutes * 60;
  const stored = await insertDirectDebitWithinLimit(
    db,
    {
      publicId,
      userId,
      bundleId: order.bundle.id,
      discountCode: order.discount?.code ?? null,
      accountHolder: body.account_holder,
      ibanMasked: maskIban(iban),
      street: body.street,
      houseNumber: body.house_number,
      zip: body.zip,
      city: body.city,
      phone,
      otpHash: hashCode(publicId, code),
      expiresAt: new Date(now.getTime() + ttl * 1000),
    },
    since,
    DIRECT_DEBIT.maxOrdersPerDay,
  );
  if (!stored) throw new AppError(429, 'directdebit_limit', 'directdebit.limit_reached');
  await sms.send(
    phone,
    `${site.name}: je code voor de incasso is ${code}. Deze code is ${DIRECT_DEBIT.codeTtlMinutes} minuten geldig.`,
  );
  return {
    request_id: publicId,
    phone_masked: maskPhone(phone),
    iban_masked: maskIban(iban),
    expires_in_seconds: ttl,
  };
}

/**
 * Confirms a direct debit with its SMS code (Pay-06): 'Code ongeldig' for a wrong code, a limited number
 * of tries, expiry; the right code starts the one-time debit through the provider, exactly once.
 */
export async function confirmDirectDebit(
  deps: PaymentDeps,
  site: SiteRow,
  userId: number,
  requestId: string,
  otp: string,
): Promise<TCreatePaymentResponse> {
  const { db, now } = deps;
  const request = await findDirectDebit(db, requestId);
  if (!request || request.userId !== userId) throw new AppError(404, 'not_found', 'error.not_found');
  if (request.verifiedAt) throw new AppError(409, 'code_used', 'directdebit.code_used');
  if (request.expiresAt <= now) throw new AppError(410, 'code_expired', 'directdebit.code_expired');
  const attempt = await countDirectDebitAttempt(db, request.id, DIRECT_DEBIT.maxAttempts);
  if (!attempt) {
    // No try left, or a racing confirmation (another tab) used the code meanwhile.
    if ((await findDirectDebit(db, requestId))?.verifiedAt) {
      throw new AppError(409, 'code_used', 'directdebit.code_used');
    }
    throw new AppError(429, 'too_many_attempts', 'directdebit.too_many_attempts');
  }
  const expected = Buffer.from(request.otpHash, 'hex');
  const given = Buffer.from(hashCode(request.publicId, otp), 'hex');
  if (!timingSafeEqual(expected, given)) {
    throw new AppError(400, 'code_invalid', 'directdebit.code_invalid', {
      details: { attempts_left: DIRECT_DEBIT.maxAttempts - attempt.attempts },
    });
  }
  if (!(await verifyDirectDebit(db, request.id, now)))
    throw new AppError(409, 'code_used', 'directdebit.code_used');
  const created = await startPayment(deps, site, userId, {
    bundle_id: request.bundleId,
    method: 'directdebit',
    ...(request.discountCode ? { discount_code: request.discountCode } : {}),
  });
  const payment = await findPaymentByPublicId(db, created.payment_id);
  if (payment) await linkDirectDebitPayment(db, request.id, payment.id);
  return created;
}
