import { FlaskConical } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { TEST_CHECKOUT_CHOICES } from '../../../shared/contract/credits.ts';
import { useChooseTestOutcome, useTestCheckout } from '../../api/credits.ts';
import { ErrorAlert } from '../../components/form.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { PageSkeleton } from '../accounts/shared.tsx';
import { Money } from './money.tsx';

/**
 * The built-in test provider's hosted checkout (Pay-10): the tester picks what the "bank" answers, as in
 * Mollie's test mode; then the webhook is called and the member returns to Vonk.
 */
export function TestCheckoutPage() {
  const intl = useIntl();
  const id = useParams().id ?? '';
  usePageTitle(intl.formatMessage({ id: 'checkout.title' }));
  const checkout = useTestCheckout(id);
  const choose = useChooseTestOutcome(id);
  if (checkout.isPending) return <PageSkeleton />;
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-2xl border-2 border-dashed border-warning bg-white p-6 shadow-xs">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-warning">
          <FlaskConical aria-hidden size={18} />
          <FormattedMessage id="checkout.badge" />
        </p>
        <h1 className="mt-2 text-2xl font-bold">
          <FormattedMessage id="checkout.title" />
        </h1>
        <ErrorAlert error={checkout.error} />
        {checkout.data && (
          <>
            <p className="mt-2 text-muted">{checkout.data.description}</p>
            <p className="mt-3 text-3xl font-bold" data-testid="checkout-amount">
              <Money cents={checkout.data.amount_cents} currency={checkout.data.currency} />
            </p>
            <p className="mt-1 text-sm text-muted">
              <FormattedMessage id="checkout.explain" />
            </p>
            <fieldset className="mt-5 grid gap-2">
              <legend className="sr-only">
                <FormattedMessage id="checkout.choose" />
              </legend>
              {TEST_CHECKOUT_CHOICES.map((status) => (
                <button
                  key={status}
                  type="button"
                  className={`btn w-full ${status === 'paid' ? 'btn-primary' : 'btn-ghost'}`}
                  disabled={choose.isPending}
                  onClick={() => choose.mutate(status)}
                >
                  <FormattedMessage id={`checkout.${status}`} />
                </button>
              ))}
            </fieldset>
            <ErrorAlert error={choose.error} />
          </>
        )}
      </div>
    </div>
  );
}
