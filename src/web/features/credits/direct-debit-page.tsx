import { useMutation } from '@tanstack/react-query';
import { Landmark, MessageSquareText } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import type { TDirectDebitStart, TDirectDebitStarted } from '../../../shared/contract/credits.ts';
import { ApiError, call } from '../../api/client.ts';
import { useMemberPricing, useQuote } from '../../api/credits.ts';
import { errorText } from '../../api/error-text.ts';
import {
  ErrorAlert,
  FieldError,
  FormAlert,
  inputClass,
  SubmitButton,
  TextField,
} from '../../components/form.tsx';
import { OfflineOr } from '../../offline/offline-state.tsx';
import { useSite } from '../../site-context.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { PageSkeleton, RequireLogin } from '../accounts/shared.tsx';
import { Money, useMoney } from './money.tsx';

type Fields = Omit<TDirectDebitStart, 'bundle_id' | 'discount_code' | 'authorise'>;
const EMPTY: Fields = {
  account_holder: '',
  iban: '',
  street: '',
  house_number: '',
  zip: '',
  city: '',
  phone: '',
};
const FIELDS: { name: keyof Fields; label: string; autoComplete: string; maxLength: number }[] = [
  { name: 'account_holder', label: 'directdebit.account_holder', autoComplete: 'name', maxLength: 70 },
  { name: 'iban', label: 'directdebit.iban', autoComplete: 'off', maxLength: 42 },
  { name: 'street', label: 'directdebit.street', autoComplete: 'address-line1', maxLength: 100 },
  { name: 'house_number', label: 'directdebit.house_number', autoComplete: 'address-line2', maxLength: 10 },
  { name: 'zip', label: 'directdebit.zip', autoComplete: 'postal-code', maxLength: 12 },
  { name: 'city', label: 'directdebit.city', autoComplete: 'address-level2', maxLength: 60 },
  { name: 'phone', label: 'directdebit.phone', autoComplete: 'tel', maxLength: 20 },
];

/** /directdebit: a one-time direct debit confirmed with a code sent by SMS (Pay-06). */
export function DirectDebitPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'directdebit.title' }));
  return <RequireLogin>{() => <DirectDebit />}</RequireLogin>;
}

function DirectDebit() {
  const [search] = useSearchParams();
  const pricing = useMemberPricing();
  const wanted = Number(search.get('bundle'));
  const code = search.get('code');
  const bundleId =
    pricing.data?.bundles.find((b) => b.id === wanted)?.id ?? pricing.data?.bundles[0]?.id ?? null;
  const [chosen, setChosen] = useState<number | null>(null);
  const [started, setStarted] = useState<TDirectDebitStarted | null>(null);
  const selected = chosen ?? bundleId;
  if (pricing.isPending)
    return (
      <OfflineOr>
        <PageSkeleton />
      </OfflineOr>
    );
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-8">
      <header className="space-y-2">
        <h1 className="flex items-center gap-2 text-3xl font-bold">
          <Landmark aria-hidden className="text-primary" size={28} />
          <FormattedMessage id="directdebit.title" />
        </h1>
        <p className="text-muted">
          <FormattedMessage id="directdebit.intro" />
        </p>
      </header>
      <ErrorAlert error={pricing.error} />
      {pricing.data && selected !== null && !started && (
        <OrderForm
          bundles={pricing.data.bundles}
          bundleId={selected}
          onBundle={setChosen}
          code={code}
          onStarted={setStarted}
        />
      )}
      {started && <CodeForm started={started} onRestart={() => setStarted(null)} />}
    </div>
  );
}

function OrderForm(props: {
  bundles: { id: number; credits: number; amount_cents: number; currency: string }[];
  bundleId: number;
  onBundle(id: number): void;
  code: string | null;
  onStarted(started: TDirectDebitStarted): void;
}) {
  const intl = useIntl();
  const { settings } = useSite();
  const money = useMoney();
  const quote = useQuote(props.bundleId, props.code);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [authorise, setAuthorise] = useState(false);
  const selectId = useId();
  const checkId = useId();
  const start = useMutation({
    mutationFn: (body: TDirectDebitStart) => call('POST /api/direct-debit', { body }),
    onSuccess: props.onStarted,
  });
  const errors = start.error instanceof ApiError ? start.error.fields : {};
  const formError = start.error && Object.keys(errors).length === 0 ? errorText(start.error, intl) : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    start.mutate({
      bundle_id: props.bundleId,
      ...(props.code ? { discount_code: props.code } : {}),
      ...fields,
      authorise: authorise as true,
    });
  }

  const amount = quote.data ? money(quote.data.amount_cents, quote.data.bundle.currency) : '';
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div>
        <label htmlFor={selectId} className="block font-semibold">
          <FormattedMessage id="directdebit.bundle" />
        </label>
        <select
          id={selectId}
          className={inputClass}
          value={props.bundleId}
          onChange={(e) => props.onBundle(Number(e.target.value))}
        >
          {props.bundles.map((b) => (
            <option key={b.id} value={b.id}>
              {intl.formatMessage({ id: 'credits.bundle_credits' }, { credits: b.credits })} ·{' '}
              {money(b.amount_cents, b.currency)}
            </option>
          ))}
        </select>
        {quote.data && quote.data.amount_cents !== quote.data.bundle.amount_cents && (
          <p className="mt-1 font-semibold text-primary-strong">
            <Money cents={quote.data.amount_cents} currency={quote.data.bundle.currency} />
          </p>
        )}
      </div>
      {FIELDS.map((f) => (
        <TextField
          key={f.name}
          name={f.name}
          label={<FormattedMessage id={f.label} />}
          value={fields[f.name]}
          onChange={(value) => setFields((old) => ({ ...old, [f.name]: value }))}
          autoComplete={f.autoComplete}
          maxLength={f.maxLength}
          error={errors[f.name]}
          required
        />
      ))}
      <div>
        <div className="flex items-start gap-3">
          <input
            id={checkId}
            type="checkbox"
            checked={authorise}
            onChange={(e) => setAuthorise(e.target.checked)}
            className="mt-1 size-5 shrink-0 accent-(--color-primary)"
            aria-invalid={errors.authorise ? true : undefined}
            aria-describedby={errors.authorise ? `${checkId}-error` : undefined}
          />
          <label htmlFor={checkId}>
            <FormattedMessage id="directdebit.authorise" values={{ site: settings.name, amount }} />
          </label>
        </div>
        <FieldError id={`${checkId}-error`} error={errors.authorise} />
      </div>
      {formError && <FormAlert>{formError}</FormAlert>}
      <SubmitButton pending={start.isPending} icon={<MessageSquareText aria-hidden size={18} />}>
        <FormattedMessage id="directdebit.send_code" />
      </SubmitButton>
    </form>
  );
}

function CodeForm({ started, onRestart }: { started: TDirectDebitStarted; onRestart(): void }) {
  const intl = useIntl();
  const [otp, setOtp] = useState('');
  const id = useId();
  const confirm = useMutation({
    mutationFn: () =>
      call('POST /api/direct-debit/:id/confirm', { params: { id: started.request_id }, body: { otp } }),
    onSuccess: (res) => window.location.assign(res.checkout_url),
  });
  const error = confirm.error ? errorText(confirm.error, intl) : undefined;
  const final = confirm.error instanceof ApiError && [410, 429, 409].includes(confirm.error.status);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        confirm.mutate();
      }}
      className="space-y-4 rounded-2xl border border-line bg-white p-5"
      noValidate
    >
      <p role="status">
        <FormattedMessage id="directdebit.code_sent" values={{ phone: started.phone_masked }} />
      </p>
      <p className="text-sm text-muted">{started.iban_masked}</p>
      <div>
        <label htmlFor={id} className="block font-semibold">
          <FormattedMessage id="directdebit.code_label" />
        </label>
        <input
          id={id}
          className={`${inputClass} font-mono tracking-[0.3em]`}
          value={otp}
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <FieldError id={`${id}-error`} error={error} />
      </div>
      {final ? (
        <button type="button" className="btn btn-ghost w-full" onClick={onRestart}>
          <FormattedMessage id="directdebit.new_code" />
        </button>
      ) : (
        <SubmitButton pending={confirm.isPending} disabled={otp.length !== 6}>
          <FormattedMessage id="directdebit.confirm" />
        </SubmitButton>
      )}
    </form>
  );
}
