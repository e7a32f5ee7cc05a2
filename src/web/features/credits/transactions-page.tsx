import { ChevronLeft, ChevronRight } from 'lucide-react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router';
import type { TTransaction } from '../../../shared/contract/credits.ts';
import { routePath } from '../../../shared/routes.ts';
import { ApiError } from '../../api/client.ts';
import { useTransaction, useTransactions } from '../../api/credits.ts';
import { ErrorAlert } from '../../components/form.tsx';
import { Link } from '../../components/route-link.tsx';
import { OfflineOr } from '../../offline/offline-state.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { PageSkeleton, RequireLogin } from '../accounts/shared.tsx';
import { Money } from './money.tsx';
import { RefundSection } from './refund-request.tsx';

const KNOWN_REASONS = [
  'purchase',
  'refund',
  'chargeback',
  'message',
  'photo',
  'gift',
  'signup',
  'staff_adjustment',
];

/** What a ledger row was for; chat books its spends as chat_message, chat_photo and chat_gift. */
function Reason({ reason }: { reason: string }) {
  const kind = reason.replace(/^chat_/, '');
  return <FormattedMessage id={`transactions.reason_${KNOWN_REASONS.includes(kind) ? kind : 'other'}`} />;
}

/** /transactions/{id?}: purchases and what each message, photo and gift cost, paged; one with details (Pay-05). */
export function TransactionsPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'transactions.title' }));
  const id = Number(useParams().id);
  return (
    <RequireLogin>
      {() => (Number.isInteger(id) && id > 0 ? <TransactionDetail id={id} /> : <TransactionList />)}
    </RequireLogin>
  );
}

function TransactionList() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = useTransactions(page);
  const intl = useIntl();
  return (
    <div className="mx-auto max-w-3xl space-y-5 px-4 py-8">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="transactions.title" />
      </h1>
      <ErrorAlert error={list.error} />
      {list.isPending ? (
        <OfflineOr>
          <PageSkeleton />
        </OfflineOr>
      ) : list.data && list.data.items.length === 0 ? (
        <div className="rounded-2xl bg-surface p-6 text-center">
          <p>
            <FormattedMessage id="transactions.empty" />
          </p>
          <Link to={routePath('credits')} className="btn btn-primary mt-4">
            <FormattedMessage id="transactions.buy" />
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-white">
          {list.data?.items.map((item) => (
            <li key={item.id}>
              <Link
                to={routePath('transactions-id', { id: item.id })}
                className="flex min-h-14 items-center justify-between gap-3 px-4 py-3 hover:bg-surface"
              >
                <span>
                  <span className="block font-medium">
                    <Reason reason={item.reason} />
                  </span>
                  {item.note && <span className="block text-sm">{item.note}</span>}
                  <span className="block text-sm text-muted">
                    <FormattedDate value={item.created_at} dateStyle="medium" timeStyle="short" />
                  </span>
                </span>
                <span className="text-right">
                  <span className={`block font-semibold ${item.credits > 0 ? 'text-primary-strong' : ''}`}>
                    <FormattedMessage
                      id="transactions.credits"
                      values={{ credits: item.credits, sign: item.credits > 0 ? '+' : '' }}
                    />
                  </span>
                  {item.payment && (
                    <span className="block text-sm text-muted">
                      <Money cents={item.payment.amount_cents} currency={item.payment.currency} />
                    </span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {list.data && list.data.pages > 1 && (
        <nav
          className="flex items-center justify-between gap-2"
          aria-label={intl.formatMessage({ id: 'transactions.pages' })}
        >
          <button
            type="button"
            className="btn btn-ghost"
            disabled={page <= 1}
            onClick={() => setSearch({ page: String(page - 1) })}
          >
            <ChevronLeft aria-hidden size={18} />
            <FormattedMessage id="transactions.newer" />
          </button>
          <span className="whitespace-nowrap text-[15px] font-medium text-muted" aria-current="page">
            <FormattedMessage id="transactions.page_of" values={{ page, pages: list.data.pages }} />
          </span>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={page >= list.data.pages}
            onClick={() => setSearch({ page: String(page + 1) })}
          >
            <FormattedMessage id="transactions.older" />
            <ChevronRight aria-hidden size={18} />
          </button>
        </nav>
      )}
    </div>
  );
}

function TransactionDetail({ id }: { id: number }) {
  const one = useTransaction(id);
  return (
    <div className="mx-auto max-w-xl space-y-5 px-4 py-8">
      <Link
        to={routePath('transactions-id')}
        className="inline-flex items-center gap-1 font-medium text-primary"
      >
        <ChevronLeft aria-hidden size={18} />
        <FormattedMessage id="transactions.all" />
      </Link>
      {one.error instanceof ApiError && one.error.status === 404 ? (
        // Issue 27: an unknown transaction says so, with the way back to the list.
        <div className="rounded-3xl bg-surface px-6 py-10 text-center" data-testid="transaction-not-found">
          <h1 className="text-xl font-bold">
            <FormattedMessage id="transactions.not_found_title" />
          </h1>
          <p className="mt-2 text-muted">
            <FormattedMessage id="transactions.not_found_body" />
          </p>
          <Link to={routePath('transactions-id')} className="btn btn-primary mt-6">
            <FormattedMessage id="transactions.back_to_list" />
          </Link>
        </div>
      ) : (
        <ErrorAlert error={one.error} />
      )}
      {one.isPending ? (
        <OfflineOr>
          <PageSkeleton />
        </OfflineOr>
      ) : (
        one.data && <Detail item={one.data} />
      )}
      {one.data?.refund && <RefundSection id={one.data.id} refund={one.data.refund} />}
    </div>
  );
}

function Detail({ item }: { item: TTransaction }) {
  const rows: [string, React.ReactNode][] = [
    [
      'transactions.when',
      <FormattedDate key="d" value={item.created_at} dateStyle="long" timeStyle="short" />,
    ],
    [
      'transactions.change',
      <FormattedMessage
        key="c"
        id="transactions.credits"
        values={{ credits: item.credits, sign: item.credits > 0 ? '+' : '' }}
      />,
    ],
    ['transactions.balance_after', item.balance_after],
  ];
  // A staff adjustment's reason, as our support team wrote it (O-02).
  if (item.note) rows.push(['transactions.note', item.note]);
  const p = item.payment;
  if (p) {
    rows.push(
      ['transactions.amount', <Money key="a" cents={p.amount_cents} currency={p.currency} />],
      ['transactions.method', p.method],
      ['transactions.status', <FormattedMessage key="s" id={`transactions.status_${p.status}`} />],
      ['transactions.reference', p.id],
    );
    if (p.discount_code)
      rows.push(['transactions.discount', `${p.discount_code} (${p.discount_percentage}%)`]);
  }
  return (
    <article className="rounded-2xl border border-line bg-white p-5">
      <h1 className="text-2xl font-bold">
        <Reason reason={item.reason} />
      </h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">
              <FormattedMessage id={label} />
            </dt>
            <dd className="font-medium break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
