import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, FormattedNumber } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import {
  REFUND_REQUEST_STATUSES,
  type TRefundRequestRow,
} from '../../../../shared/contract/admin-refunds.ts';
import { AdminApiError, adminCall } from '../../api.ts';
import { buttonClass, primaryButtonClass } from '../../buttons.ts';

const LIST = ['admin', 'refunds'] as const;

/**
 * Members' refund requests (issue 26, Pay-11): open ones oldest first, each with the purchase, the
 * member's balance and reason; finance approves (the payment is refunded by the refund rules) or refuses
 * with an answer the member reads on their transaction page. Decided ones stay readable under their tab.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const status = REFUND_REQUEST_STATUSES.find((s) => s === params.get('status')) ?? 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery({
    queryKey: [...LIST, status, page],
    queryFn: () => adminCall('GET /api/admin/refund-requests', { query: { status, page } }),
    placeholderData: keepPreviousData,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;
  return (
    <section aria-labelledby="refunds-title" className="space-y-4">
      <h1 id="refunds-title" className="text-xl font-bold">
        <FormattedMessage id="admin.refunds.title" />
      </h1>
      <nav aria-labelledby="refunds-title" className="flex flex-wrap gap-2">
        {REFUND_REQUEST_STATUSES.map((s) => (
          <Link
            key={s}
            to={`?status=${s}`}
            aria-current={s === status ? 'page' : undefined}
            className="rounded-full border border-line px-3 py-1.5 text-sm font-semibold aria-[current=page]:border-primary aria-[current=page]:bg-primary-soft"
          >
            <FormattedMessage id={`admin.refunds.status.${s}`} />
          </Link>
        ))}
      </nav>
      {list.isError && (
        <p role="alert" className="text-danger">
          {list.error.message}
        </p>
      )}
      {list.data?.rows.length === 0 && (
        <p className="text-muted">
          <FormattedMessage id={`admin.refunds.none.${status}`} />
        </p>
      )}
      <ul className="space-y-3" data-testid="refund-requests">
        {list.data?.rows.map((row) => (
          <RequestCard key={row.id} row={row} />
        ))}
      </ul>
      {pages > 1 && (
        <div className="flex items-center gap-3">
          <button
            type="button"
            className={buttonClass}
            disabled={page <= 1}
            onClick={() => setParams({ status, page: String(page - 1) })}
          >
            <FormattedMessage id="admin.refunds.newer" />
          </button>
          <span className="text-sm text-muted">
            <FormattedMessage id="admin.refunds.page_of" values={{ page, pages }} />
          </span>
          <button
            type="button"
            className={buttonClass}
            disabled={page >= pages}
            onClick={() => setParams({ status, page: String(page + 1) })}
          >
            <FormattedMessage id="admin.refunds.older" />
          </button>
        </div>
      )}
    </section>
  );
}

function RequestCard({ row }: { row: TRefundRequestRow }) {
  const client = useQueryClient();
  const [refusing, setRefusing] = useState(false);
  const [note, setNote] = useState('');
  const decide = useMutation({
    mutationFn: (action: 'approve' | 'refuse') =>
      action === 'refuse'
        ? adminCall('POST /api/admin/refund-requests/:id/refuse', { params: { id: row.id }, body: { note } })
        : adminCall('POST /api/admin/refund-requests/:id/approve', { params: { id: row.id }, body: {} }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: LIST });
      void client.invalidateQueries({
        queryKey: ['admin', 'badge', 'GET /api/admin/refund-requests/waiting'],
      });
    },
  });
  const fieldError = decide.error instanceof AdminApiError ? decide.error.fields?.note : undefined;
  const p = row.payment;
  const titleId = `refund-${row.id}`;
  return (
    <li aria-labelledby={titleId} className="rounded-lg border border-line bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="font-semibold">
          <Link to={`/members/${row.member.id}`} className="text-primary-strong underline">
            {row.member.name || `#${row.member.id}`}
          </Link>{' '}
          <span className="text-sm font-normal text-muted">
            {row.member.email} · {row.site.name}
          </span>
        </h2>
        <span className="text-sm text-muted">
          <FormattedMessage
            id="admin.refunds.requested"
            values={{ date: <FormattedDate value={row.created_at} dateStyle="medium" timeStyle="short" /> }}
          />
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-muted">
          <FormattedMessage id="admin.refunds.amount" />
        </dt>
        <dd>
          <FormattedNumber value={p.amount_cents / 100} style="currency" currency={p.currency} /> ({p.method})
        </dd>
        <dt className="text-muted">
          <FormattedMessage id="admin.refunds.credits" />
        </dt>
        <dd>
          <FormattedMessage
            id="admin.refunds.credits_balance"
            values={{ credits: p.credits, balance: row.member.balance }}
          />
        </dd>
        <dt className="text-muted">
          <FormattedMessage id="admin.refunds.paid" />
        </dt>
        <dd>{p.paid_at ? <FormattedDate value={p.paid_at} dateStyle="medium" /> : '–'}</dd>
        <dt className="text-muted">
          <FormattedMessage id="admin.refunds.until" />
        </dt>
        <dd>{row.refund_until ? <FormattedDate value={row.refund_until} dateStyle="medium" /> : '–'}</dd>
        <dt className="text-muted">
          <FormattedMessage id="admin.refunds.reference" />
        </dt>
        <dd className="break-all">{p.id}</dd>
      </dl>
      <p className="mt-2 whitespace-pre-line rounded-md bg-surface px-3 py-2 text-sm">
        {row.reason || (
          <span className="text-muted">
            <FormattedMessage id="admin.refunds.no_reason" />
          </span>
        )}
      </p>
      {row.status === 'open' ? (
        <div className="mt-3 space-y-2">
          {!row.refundable && (
            <p className="text-sm font-medium text-danger">
              <FormattedMessage id="admin.refunds.not_refundable" />
            </p>
          )}
          {decide.error && !fieldError && (
            <p role="alert" className="text-sm font-medium text-danger">
              {decide.error.message}
            </p>
          )}
          {refusing ? (
            <form
              className="space-y-2"
              onSubmit={(e) => {
                e.preventDefault();
                decide.mutate('refuse');
              }}
            >
              <label className="block text-sm font-semibold">
                <FormattedMessage id="admin.refunds.note" />
                <textarea
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                  rows={3}
                  maxLength={1000}
                  aria-invalid={fieldError ? true : undefined}
                  aria-describedby={fieldError ? `${titleId}-note-error` : undefined}
                  className="mt-1 block w-full rounded-md border border-line p-2 font-normal"
                />
              </label>
              {fieldError && (
                <p id={`${titleId}-note-error`} className="text-sm font-medium text-danger">
                  {fieldError}
                </p>
              )}
              <div className="flex flex-wrap gap-2">
                <button type="submit" className={primaryButtonClass} disabled={decide.isPending}>
                  <FormattedMessage id="admin.refunds.refuse_confirm" />
                </button>
                <button type="button" className={buttonClass} onClick={() => setRefusing(false)}>
                  <FormattedMessage id="admin.refunds.back" />
                </button>
              </div>
            </form>
          ) : (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={primaryButtonClass}
                disabled={decide.isPending || !row.refundable}
                onClick={() => decide.mutate('approve')}
              >
                <FormattedMessage id="admin.refunds.approve" />
              </button>
              <button type="button" className={buttonClass} onClick={() => setRefusing(true)}>
                <FormattedMessage id="admin.refunds.refuse" />
              </button>
            </div>
          )}
        </div>
      ) : (
        <p className="mt-3 text-sm">
          <FormattedMessage
            id={`admin.refunds.decided.${row.status}`}
            values={{
              who: row.decided_by ?? '–',
              date: row.decided_at ? (
                <FormattedDate value={row.decided_at} dateStyle="medium" timeStyle="short" />
              ) : (
                '–'
              ),
            }}
          />
          {row.note && <span className="mt-1 block whitespace-pre-line text-muted">{row.note}</span>}
        </p>
      )}
    </li>
  );
}
