import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import type { TPayment } from '../../../shared/contract/credits.ts';
import { routePath } from '../../../shared/routes.ts';
import { refreshAfterPurchase, usePaymentStatus, useStartPayment } from '../../api/credits.ts';
import { ErrorAlert } from '../../components/form.tsx';
import { Link } from '../../components/route-link.tsx';
import { Money } from './money.tsx';

/** The return page (Pay-04): loading, pending (polled until final), completed, failed or cancelled. */
export function PaymentStatus({ id }: { id: string }) {
  const status = usePaymentStatus(id);
  const queryClient = useQueryClient();
  const paid = status.data?.status === 'paid';
  // The balance and premium state changed on the server: the navigation and pages read them again.
  useEffect(() => {
    if (paid) refreshAfterPurchase(queryClient);
  }, [paid, queryClient]);

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <div className="rounded-2xl border border-line bg-white p-6 text-center shadow-xs" aria-live="polite">
        {status.error ? (
          <ErrorAlert error={status.error} />
        ) : !status.data ? (
          <Progress title="payment.loading" />
        ) : status.data.status === 'open' || status.data.status === 'pending' ? (
          <Progress title="payment.pending" body="payment.pending_body" />
        ) : status.data.status === 'paid' || status.data.status === 'refunded' ? (
          <Completed payment={status.data} />
        ) : (
          <Failed payment={status.data} />
        )}
      </div>
    </div>
  );
}

function Progress({ title, body }: { title: string; body?: string }) {
  return (
    <div role="status" className="space-y-3">
      <Loader2
        aria-hidden
        className="mx-auto animate-spin text-primary motion-reduce:animate-none"
        size={44}
      />
      <h1 className="text-2xl font-bold">
        <FormattedMessage id={title} />
      </h1>
      {body && (
        <p className="text-muted">
          <FormattedMessage id={body} />
        </p>
      )}
    </div>
  );
}

function Completed({ payment }: { payment: TPayment }) {
  return (
    <div className="space-y-4">
      <CircleCheck aria-hidden className="mx-auto text-primary" size={52} />
      <h1 className="text-2xl font-bold">
        <FormattedMessage id="payment.completed" />
      </h1>
      <p className="text-lg">
        {payment.credits_available_at ? (
          <FormattedMessage
            id="payment.credits_held"
            values={{
              credits: payment.credits,
              date: (
                <FormattedDate value={payment.credits_available_at} dateStyle="medium" timeStyle="short" />
              ),
            }}
          />
        ) : (
          <FormattedMessage id="payment.credits_added" values={{ credits: payment.credits }} />
        )}
      </p>
      <p className="text-lg" data-testid="balance">
        <FormattedMessage id="payment.balance" values={{ credits: payment.balance, b: (c) => <b>{c}</b> }} />
      </p>
      <p className="text-sm text-muted">
        <FormattedMessage
          id="payment.paid_amount"
          values={{ amount: <Money cents={payment.amount_cents} currency={payment.currency} /> }}
        />
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Link to={routePath('members')} className="btn btn-primary">
          <FormattedMessage id="payment.start_chatting" />
        </Link>
        <Link to={routePath('transactions-id')} className="btn btn-ghost">
          <FormattedMessage id="transactions.title" />
        </Link>
      </div>
    </div>
  );
}

/** 'Betaling mislukt' with spec §8's text; a failed repeat card payment offers retry or PayPal. */
function Failed({ payment }: { payment: TPayment }) {
  const retry = useStartPayment();
  const again = (method: string) =>
    retry.mutate({
      bundle_id: payment.bundle_id,
      method,
      ...(payment.discount_code ? { discount_code: payment.discount_code } : {}),
    });
  return (
    <div className="space-y-4" role="alert">
      <CircleX aria-hidden className="mx-auto text-danger" size={52} />
      <h1 className="text-2xl font-bold">
        <FormattedMessage id="payment.failed_title" />
      </h1>
      <p>
        <FormattedMessage id="payment.failed_body" />
      </p>
      <ErrorAlert error={retry.error} />
      {payment.recurring_card ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          <button
            type="button"
            className="btn btn-primary"
            disabled={retry.isPending}
            onClick={() => again(payment.method)}
          >
            <FormattedMessage id="payment.retry" />
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={retry.isPending}
            onClick={() => again('paypal')}
          >
            <FormattedMessage id="payment.pay_paypal" />
          </button>
        </div>
      ) : (
        <Link
          to={routePath('credits-id-paymentmethod', { id: payment.bundle_id })}
          className="btn btn-primary"
        >
          <FormattedMessage id="payment.try_again" />
        </Link>
      )}
    </div>
  );
}
