import { Coins, Sparkles } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import type { TPricing } from '../../../shared/contract/credits.ts';
import { routePath } from '../../../shared/routes.ts';
import { Link } from '../../components/route-link.tsx';
import { Money, useMoney } from './money.tsx';

/** The bundles of a country, best value marked (Pay-01); `buy` links each to its method choice. */
export function BundleList({ pricing, buy }: { pricing: TPricing; buy: boolean }) {
  const money = useMoney();
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {pricing.bundles.map((b) => (
        <li
          key={b.id}
          className={`relative flex flex-col rounded-2xl border bg-white p-5 shadow-xs ${
            b.best_value ? 'border-secondary ring-2 ring-secondary' : 'border-line'
          }`}
        >
          {b.best_value && (
            <span className="absolute -top-3 left-4 inline-flex items-center gap-1 rounded-full bg-secondary px-3 py-0.5 text-sm font-semibold text-on-secondary">
              <Sparkles aria-hidden size={14} />
              <FormattedMessage id="credits.best_value" />
            </span>
          )}
          <p className="flex items-center gap-2 text-2xl font-bold">
            <Coins aria-hidden className="text-secondary" size={24} />
            <FormattedMessage id="credits.bundle_credits" values={{ credits: b.credits }} />
          </p>
          {b.discounted_cents !== null && b.discounted_cents !== b.amount_cents ? (
            // While a discount of the member runs: the price they pay, the old one struck through.
            <p
              className="mt-1 flex flex-wrap items-baseline gap-x-2 text-xl font-semibold"
              data-testid="bundle-price"
            >
              <span>
                <Money cents={b.discounted_cents} currency={b.currency} />
              </span>
              <s className="text-base font-normal text-muted">
                <span className="sr-only">
                  <FormattedMessage id="credits.was_price" />{' '}
                </span>
                <Money cents={b.amount_cents} currency={b.currency} />
              </s>
            </p>
          ) : (
            <p className="mt-1 text-xl font-semibold" data-testid="bundle-price">
              <Money cents={b.amount_cents} currency={b.currency} />
            </p>
          )}
          <p className="text-sm text-muted">
            <FormattedMessage
              id="credits.per_credit"
              values={{
                price: money(Math.round((b.discounted_cents ?? b.amount_cents) / b.credits), b.currency),
              }}
            />
          </p>
          {buy && (
            <Link
              to={routePath('credits-id-paymentmethod', { id: b.id })}
              className={`btn mt-4 w-full ${b.best_value ? 'btn-secondary' : 'btn-primary'}`}
            >
              <FormattedMessage id="credits.choose_bundle" values={{ credits: b.credits }} />
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

/** What a message, a photo and a gift cost on this site, and the lowest message price of the country. */
export function PricingText({ pricing }: { pricing: TPricing }) {
  const cost = pricing.minimum_message_cost;
  return (
    <div className="space-y-1 text-muted">
      <p>
        <FormattedMessage
          id="credits.pricing_text"
          values={{
            message: pricing.message_credits,
            photo: pricing.photo_credits,
            gift: pricing.gift_credits,
          }}
        />
      </p>
      {cost && (
        <p>
          <FormattedMessage
            id="credits.minimum_message_cost"
            values={{ price: <Money cents={cost.costs} currency={cost.currency} /> }}
          />
        </p>
      )}
    </div>
  );
}

export function BundleSkeleton() {
  return (
    <div className="grid animate-pulse gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
      {[1, 2, 3, 4].map((n) => (
        <div key={n} className="h-44 rounded-2xl bg-surface" />
      ))}
    </div>
  );
}
