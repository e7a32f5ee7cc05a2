import { FormattedMessage, useIntl } from 'react-intl';
import { routePath } from '../../../shared/routes.ts';
import { useMemberPricing, usePricing } from '../../api/credits.ts';
import { useLoggedIn } from '../../api/session.ts';
import { ErrorAlert } from '../../components/form.tsx';
import { Link } from '../../components/route-link.tsx';
import { useSite } from '../../site-context.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { BundleList, BundleSkeleton, PricingText } from './bundle-list.tsx';

/** /pricing: the site's prices for the visitor's country, for everyone (Pay-01). */
export function PricingPage() {
  const intl = useIntl();
  const { settings } = useSite();
  const loggedIn = useLoggedIn();
  usePageTitle(intl.formatMessage({ id: 'pricing.title' }));
  const visitor = usePricing(settings.geoip_selected_country);
  // Members see their own country's bundles, each with its buy button (the price list leads to buying).
  const member = useMemberPricing(loggedIn);
  const pricing = loggedIn ? member : visitor;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="pricing.title" />
      </h1>
      <p className="text-lg">
        <FormattedMessage id="pricing.intro" values={{ site: settings.name }} />
      </p>
      <ErrorAlert error={pricing.error} />
      {pricing.data ? <BundleList pricing={pricing.data} buy={loggedIn} /> : <BundleSkeleton />}
      {pricing.data && <PricingText pricing={pricing.data} />}
      {pricing.data && (
        <p className="text-muted">
          <FormattedMessage
            id="pricing.refund"
            values={{
              days: pricing.data.refund_days,
              a: (c) => (
                <Link to={routePath('pages-return-policy')} className="font-semibold text-primary underline">
                  {c}
                </Link>
              ),
            }}
          />
        </p>
      )}
      <Link to={loggedIn ? routePath('credits') : routePath('signup')} className="btn btn-primary">
        <FormattedMessage id={loggedIn ? 'pricing.buy' : 'pricing.join'} />
      </Link>
    </div>
  );
}
