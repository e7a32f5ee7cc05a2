import { RotateCcw } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { routePath } from '../../../shared/routes.ts';
import { useRepeatOrder, useStartPayment } from '../../api/credits.ts';
import { ErrorAlert } from '../../components/form.tsx';
import { Link } from '../../components/route-link.tsx';
import { OfflineOr } from '../../offline/offline-state.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { PageSkeleton, RequireLogin } from '../accounts/shared.tsx';
import { MethodLogo } from './method-logo.tsx';
import { Money } from './money.tsx';

/** /credits/repeat-order: the last bundle with the last method, bought again with one more click (Pay-05). */
export function RepeatOrderPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'credits.repeat_order' }));
  return <RequireLogin>{() => <RepeatOrder />}</RequireLogin>;
}

function RepeatOrder() {
  const order = useRepeatOrder();
  const start = useStartPayment();
  if (order.isPending)
    return (
      <OfflineOr>
        <PageSkeleton />
      </OfflineOr>
    );
  return (
    <div className="mx-auto max-w-md space-y-5 px-4 py-10">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="credits.repeat_order" />
      </h1>
      {order.data ? (
        <>
          <div className="flex items-center gap-4 rounded-2xl border border-line bg-white p-5">
            <MethodLogo logo={order.data.method.logo} name={order.data.method.name} />
            <div>
              <p className="text-lg font-semibold">
                <FormattedMessage
                  id="credits.bundle_credits"
                  values={{ credits: order.data.bundle.credits }}
                />
              </p>
              <p className="text-2xl font-bold">
                <Money cents={order.data.bundle.amount_cents} currency={order.data.bundle.currency} />
              </p>
            </div>
          </div>
          <ErrorAlert error={start.error} />
          <button
            type="button"
            className="btn btn-primary w-full"
            disabled={start.isPending}
            onClick={() =>
              order.data && start.mutate({ bundle_id: order.data.bundle.id, method: order.data.method.id })
            }
          >
            <RotateCcw aria-hidden size={18} />
            <FormattedMessage id="repeat.confirm" />
          </button>
        </>
      ) : (
        <ErrorAlert error={order.error} />
      )}
      <Link to={routePath('credits')} className="btn btn-ghost w-full">
        <FormattedMessage id="repeat.other" />
      </Link>
    </div>
  );
}
