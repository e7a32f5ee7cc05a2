import { History, RotateCcw } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { pathFor, routePath } from '../../../shared/routes.ts';
import { useBalance } from '../../api/balance.ts';
import { useMemberPricing } from '../../api/credits.ts';
import { ErrorAlert } from '../../components/form.tsx';
import { Link } from '../../components/route-link.tsx';
import { percentText } from '../../i18n/values.ts';
import { usePageTitle } from '../../use-page-title.ts';
import { RequireLogin } from '../accounts/shared.tsx';
import { BundleList, BundleSkeleton, PricingText } from './bundle-list.tsx';

/** /credits: the member's balance and the bundles to buy (Pay-01). */
export function CreditsPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'credits.title' }));
  return <RequireLogin>{() => <CreditsContent />}</RequireLogin>;
}

function CreditsContent() {
  const intl = useIntl();
  const pricing = useMemberPricing();
  const balance = useBalance();
  const credits = balance?.credits ?? 0;
  const paid = balance?.paid_user ?? false;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">
          <FormattedMessage id="credits.title" />
        </h1>
        <p className="text-lg">
          <FormattedMessage id="credits.balance" values={{ credits, b: (c) => <b>{c}</b> }} />
        </p>
        {pricing.data?.discount ? (
          <p className="rounded-xl bg-secondary-soft px-4 py-3 font-medium" data-testid="discount-running">
            {pricing.data.discount.source === 'retention' ? (
              <FormattedMessage
                id="credits.retention_applied"
                values={{ percentage_text: percentText(intl.locale, pricing.data.discount.value_percentage) }}
              />
            ) : (
              <FormattedMessage
                id="credits.welcome_applied"
                values={{ percentage_text: percentText(intl.locale, pricing.data.discount.value_percentage) }}
              />
            )}
          </p>
        ) : null}
      </header>
      <ErrorAlert error={pricing.error} />
      {pricing.data ? <BundleList pricing={pricing.data} buy /> : <BundleSkeleton />}
      {pricing.data && <PricingText pricing={pricing.data} />}
      <nav className="flex flex-wrap gap-3" aria-label={intl.formatMessage({ id: 'credits.more' })}>
        {paid && (
          <Link to={routePath('credits-repeat-order')} className="btn btn-ghost">
            <RotateCcw aria-hidden size={18} />
            <FormattedMessage id="credits.repeat_order" />
          </Link>
        )}
        <Link to={routePath('transactions-id')} className="btn btn-ghost">
          <History aria-hidden size={18} />
          <FormattedMessage id="transactions.title" />
        </Link>
        {pathFor('directdebit') && (
          <Link to={pathFor('directdebit') ?? '/'} className="btn btn-ghost">
            <FormattedMessage id="directdebit.title" />
          </Link>
        )}
      </nav>
    </div>
  );
}
