import { eq } from 'drizzle-orm';
import { vatIncluded } from '../../../shared/data/vat.ts';
import { chooseLocale } from '../../../shared/i18n/locales.ts';
import type { Tx } from '../../db/client.ts';
import { companies, sites, users } from '../../db/schema.ts';
import { t } from '../../platform/i18n.ts';
import type { Mailer } from '../../platform/mail.ts';
import { renderMailLayout } from '../../platform/mail-layout.ts';
import type { PaymentRow } from './queries.ts';

/** What a receipt needs besides the payment: the outbox, and the site's origin for the link. */
export interface ReceiptDeps {
  mailer: Mailer;
  /** The configured public URL or the site's domain (never a request's Host). */
  publicUrl: string | undefined;
}

/** Integer cents as the member's language writes money, without float maths in the amount itself. */
function money(locale: string, cents: number, currency: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/**
 * Queues the receipt of a paid purchase or a refund (issue 26, scope 5) in the transaction that moves the
 * payment to that status, so it is written exactly once however many webhooks and polls arrive. In the
 * member's language, from the site's address, with the company's details of the spec's company info,
 * the amount, the VAT line and the payment's reference.
 */
export async function queueReceipt(
  tx: Tx,
  deps: ReceiptDeps,
  payment: PaymentRow,
  kind: 'purchase' | 'refund',
): Promise<void> {
  const [row] = await tx
    .select({ email: users.email, language: users.language, site: sites })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, payment.userId));
  if (!row) return;
  const { site } = row;
  const [company] = await tx.select().from(companies).where(eq(companies.id, site.companyId));
  const locale = chooseLocale({ cookie: row.language, domainLanguage: site.domainLanguage });
  const origin = deps.publicUrl ?? `https://${site.domain}`;
  const values = {
    site: site.name,
    credits: payment.credits,
    amount: money(locale, payment.amountCents, payment.currency),
    reference: payment.publicId,
    company: company ? `${company.name}, ${company.address}, ${company.city}, ${company.country}` : site.name,
    kvk: company?.kvk ?? '',
    vat: company?.vatNumbers.join(', ') || '-',
  };
  const included = vatIncluded(payment.amountCents, payment.country);
  const vatLine = included
    ? t(locale, 'receipt.vat_amount', {
        rate: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
          included.rate / 100,
        ),
        vat: money(locale, included.cents, payment.currency),
      })
    : null;
  await deps.mailer.queue(tx, {
    to: row.email,
    from: `${site.mailName} <${site.supportEmail}>`,
    ...renderMailLayout({
      site,
      locale,
      subject: t(locale, `receipt.${kind}_subject`, values),
      heading: t(locale, `receipt.${kind}_heading`, values),
      body: [
        t(locale, `receipt.${kind}_body`, values),
        t(locale, 'receipt.amount', values),
        ...(vatLine ? [vatLine] : []),
        t(locale, 'receipt.vat', values),
        t(locale, 'receipt.reference', values),
        t(locale, 'receipt.company', values),
      ],
      button: t(locale, 'receipt.button', values),
      link: `${origin}/transactions`,
      footer: t(locale, 'receipt.footer', values),
    }),
  });
}
