import { BadgePercent, Lock } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { TMethod } from '../../../shared/contract/credits.ts';
import { routePath } from '../../../shared/routes.ts';
import { useCheckDiscount, useQuote, useStartPayment } from '../../api/credits.ts';
import { errorText } from '../../api/error-text.ts';
import { ErrorAlert, FieldError, inputClass, SubmitButton } from '../../components/form.tsx';
import { Link } from '../../components/route-link.tsx';
import { percentText } from '../../i18n/values.ts';
import { OfflineOr } from '../../offline/offline-state.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { PageSkeleton, RequireLogin } from '../accounts/shared.tsx';
import { NotFoundPage } from '../site/error-page.tsx';
import { MethodLogo } from './method-logo.tsx';
import { Money } from './money.tsx';
import { PaymentStatus } from './payment-status.tsx';

/**
 * /credits/{id}/{paymentmethod?}: the method choice for a bundle (Pay-03), and, with ?payment=, the
 * return page of that payment (Pay-04).
 */
export function MethodPage() {
  const intl = useIntl();
  const params = useParams();
  const [search] = useSearchParams();
  const bundleId = Number(params.id);
  const paymentId = search.get('payment');
  usePageTitle(intl.formatMessage({ id: paymentId ? 'payment.title' : 'methods.title' }));
  if (!Number.isInteger(bundleId) || bundleId <= 0) return <NotFoundPage />;
  return (
    <RequireLogin>
      {() =>
        paymentId ? (
          <PaymentStatus id={paymentId} />
        ) : (
          <MethodChoice bundleId={bundleId} preset={params.paymentmethod ?? null} />
        )
      }
    </RequireLogin>
  );
}

function MethodChoice(props: { bundleId: number; preset: string | null }) {
  const intl = useIntl();
  const [code, setCode] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const check = useCheckDiscount();
  const quote = useQuote(props.bundleId, code);
  const start = useStartPayment();
  const [method, setMethod] = useState<string | null>(props.preset);
  const codeId = useId();
  const navigate = useNavigate();

  // The server applies the best discount the member holds (welcome, retention, a typed code) by itself;
  // the page sends only what was typed (issue 26).
  const methods = quote.data?.methods ?? [];
  useEffect(() => {
    if (quote.data && method && !quote.data.methods.some((m) => m.id === method)) setMethod(null);
  }, [quote.data, method]);

  async function applyCode(e: FormEvent) {
    e.preventDefault();
    setCodeError(null);
    const value = typed.trim();
    if (!value) return;
    try {
      const found = await check.mutateAsync({ code: value, bundleId: props.bundleId });
      setCode(found.code);
    } catch (err) {
      setCodeError(errorText(err, intl));
    }
  }

  function pay(e: FormEvent) {
    e.preventDefault();
    if (!method) return;
    // A direct debit needs the account, address and an SMS code first: its own page (Pay-06).
    if (method === 'directdebit') {
      const query = new URLSearchParams({ bundle: String(props.bundleId), ...(code ? { code } : {}) });
      void navigate(`${routePath('directdebit')}?${query}`);
      return;
    }
    start.mutate({ bundle_id: props.bundleId, method, ...(code ? { discount_code: code } : {}) });
  }

  if (quote.isPending)
    return (
      <OfflineOr>
        <PageSkeleton />
      </OfflineOr>
    );
  if (quote.error || !quote.data) {
    return (
      <div className="mx-auto max-w-xl space-y-4 px-4 py-8">
        <ErrorAlert error={quote.error} />
        <Link to={routePath('credits')} className="btn btn-ghost">
          <FormattedMessage id="methods.back" />
        </Link>
      </div>
    );
  }
  const {
    bundle,
    discount,
    amount_cents: amount,
    discount_source: source,
    passed_over: passedOver,
  } = quote.data;

  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-8">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="methods.title" />
      </h1>
      <section aria-labelledby="order-heading" className="rounded-2xl border border-line bg-white p-5">
        <h2 id="order-heading" className="text-lg font-semibold">
          <FormattedMessage id="credits.bundle_credits" values={{ credits: bundle.credits }} />
        </h2>
        {discount && (
          <p className="mt-1 flex flex-wrap items-center gap-2 text-primary-strong" data-testid="discount">
            <BadgePercent aria-hidden size={18} />
            {source === 'retention' ? (
              <FormattedMessage
                id="methods.retention_applied"
                values={{ percentage_text: percentText(intl.locale, discount.value_percentage) }}
              />
            ) : (
              <FormattedMessage
                id="methods.discount_applied"
                values={{
                  code: discount.code,
                  percentage_text: percentText(intl.locale, discount.value_percentage),
                }}
              />
            )}
            {amount !== bundle.amount_cents && (
              <s className="text-muted">
                <Money cents={bundle.amount_cents} currency={bundle.currency} />
              </s>
            )}
          </p>
        )}
        {discount && source && (
          <p className="mt-1 text-[15px] text-muted" data-testid="discount-why">
            {passedOver ? (
              <FormattedMessage
                id="methods.better_than_code"
                values={{
                  source,
                  percentage_text: percentText(intl.locale, discount.value_percentage),
                  code: passedOver.code,
                }}
              />
            ) : (
              <FormattedMessage id="methods.discount_why" values={{ source }} />
            )}
          </p>
        )}
        <p className="mt-2 text-3xl font-bold" data-testid="amount">
          <Money cents={amount} currency={bundle.currency} />
        </p>
      </section>

      <form onSubmit={applyCode} className="space-y-1" noValidate>
        <label htmlFor={codeId} className="font-medium">
          <FormattedMessage id="methods.code_label" />
        </label>
        <div className="flex gap-2">
          <input
            id={codeId}
            className={`${inputClass} mt-0 flex-1 uppercase`}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            maxLength={40}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? `${codeId}-error` : undefined}
          />
          <SubmitButton pending={check.isPending} className="btn btn-ghost min-h-12">
            <FormattedMessage id="methods.code_apply" />
          </SubmitButton>
        </div>
        <FieldError id={`${codeId}-error`} error={codeError ?? undefined} />
      </form>

      <form onSubmit={pay} className="space-y-4">
        <fieldset>
          <legend className="mb-2 text-lg font-semibold">
            <FormattedMessage id="methods.choose" />
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {methods.map((m) => (
              <MethodOption
                key={m.id}
                method={m}
                checked={method === m.id}
                onSelect={() => setMethod(m.id)}
              />
            ))}
          </div>
        </fieldset>
        <ErrorAlert error={start.error} />
        {/* On a phone the pay button stays in view below the long list of methods (issue 26). */}
        <div
          className="sticky bottom-0 -mx-4 border-t border-line bg-white/95 px-4 pb-[calc(env(safe-area-inset-bottom)+0.75rem)] pt-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none"
          data-testid="pay-bar"
        >
          <SubmitButton
            pending={start.isPending}
            disabled={!method}
            icon={<Lock aria-hidden size={18} />}
            className="btn btn-primary w-full text-base"
          >
            <FormattedMessage
              id="methods.pay"
              values={{ amount: <Money cents={amount} currency={bundle.currency} /> }}
            />
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}

function MethodOption(props: { method: TMethod; checked: boolean; onSelect(): void }) {
  const { method } = props;
  return (
    <label
      className={`flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border bg-white px-3 py-2 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary ${
        props.checked ? 'border-primary ring-2 ring-primary' : 'border-line'
      }`}
    >
      <input
        type="radio"
        name="method"
        value={method.id}
        checked={props.checked}
        onChange={props.onSelect}
        className="size-5 accent-(--color-primary)"
      />
      <MethodLogo logo={method.logo} name="" />
      <span className="font-medium">{method.name}</span>
    </label>
  );
}
