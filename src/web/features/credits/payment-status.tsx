import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, Loader2, MessageCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import type { TPayment } from '../../../shared/contract/credits.ts';
import { routePath } from '../../../shared/routes.ts';
import { settlePurchase } from '../../api/balance-tabs.ts';
import {
  refreshAfterPurchase,
  useCancelPayment,
  usePaymentStatus,
  useQuote,
  useStartPayment,
} from '../../api/credits.ts';
import { useUser } from '../../api/session.ts';
import { ErrorAlert } from '../../components/form.tsx';
import { Link } from '../../components/route-link.tsx';
import { Money } from './money.tsx';
import { type ReturnTo, readReturn } from './return-to.ts';

/** The return page (Pay-04): loading, pending (polled until final), completed, failed or cancelled. */
export function PaymentStatus({ id }: { id: string }) {
  const status = usePaymentStatus(id);
  const queryClient = useQueryClient();
  const memberId = useUser().user?.id;
  const paid = status.data?.status === 'paid';
  const balance = status.data?.balance;
  // The balance is the answer's, at once here and in the member's other tabs (the navigation's badge and
  // pill); the premium state and the offers are read again.
  useEffect(() => {
    if (!paid || balance === undefined || memberId === undefined) return;
    settlePurchase(queryClient, memberId, balance);
    refreshAfterPurchase(queryClient);
  }, [paid, balance, memberId, queryClient]);

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <div className="rounded-2xl border border-line bg-white p-6 text-center shadow-xs" aria-live="polite">
        {status.error ? (
          <ErrorAlert error={status.error} />
        ) : !status.data ? (
          <Progress title="payment.loading" />
        ) : status.data.status === 'open' || status.data.status === 'pending' ? (
          <>
            <Progress title="payment.pending" body="payment.pending_body" />
            <CancelPayment id={id} />
          </>
        ) : status.data.status === 'paid' || status.data.status === 'refunded' ? (
          <Completed payment={status.data} />
        ) : (
          <Failed payment={status.data} />
        )}
      </div>
    </div>
  );
}

/** A pending payment the member gave up on can be cancelled here; nothing is charged then. */
function CancelPayment({ id }: { id: string }) {
  const cancel = useCancelPayment(id);
  return (
    <div className="mt-4 space-y-2">
      <ErrorAlert error={cancel.error} />
      <button
        type="button"
        className="btn btn-ghost"
        disabled={cancel.isPending}
        onClick={() => cancel.mutate()}
        data-testid="cancel-payment"
      >
        <FormattedMessage id="payment.cancel" />
      </button>
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

/** Where the purchase was started (a chat, a member's page), read after hydration: sessionStorage. */
function useReturnTo(): ReturnTo | null {
  const [back, setBack] = useState<ReturnTo | null>(null);
  useEffect(() => setBack(readReturn()), []);
  return back;
}

function Completed({ payment }: { payment: TPayment }) {
  const back = useReturnTo();
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
        {back ? (
          // Back to the conversation (Pay-04): the chat keeps the draft with a "Nu versturen" button.
          <Link to={back.path} className="btn btn-primary" data-testid="payment-back">
            <MessageCircle aria-hidden size={18} />
            {back.name ? (
              <FormattedMessage
                id={back.draft.trim() ? 'payment.back_to_message' : 'payment.back_to_name'}
                values={{ name: back.name }}
              />
            ) : (
              <FormattedMessage id="payment.back" />
            )}
          </Link>
        ) : (
          <Link to={routePath('members')} className="btn btn-primary">
            <FormattedMessage id="payment.start_chatting" />
          </Link>
        )}
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
  // The next method to try: the first other one this bundle can be paid with (not direct debit, which
  // has its own page).
  const quote = useQuote(payment.bundle_id, payment.discount_code);
  const next = quote.data?.methods.find((m) => m.id !== payment.method && m.id !== 'directdebit');
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
      <p className="font-semibold" data-testid="nothing-charged">
        <FormattedMessage id="payment.nothing_charged" />
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
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          {next && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={retry.isPending}
              onClick={() => again(next.id)}
              data-testid="next-method"
            >
              <FormattedMessage id="payment.pay_with" values={{ method: next.name }} />
            </button>
          )}
          <Link
            to={routePath('credits-id-paymentmethod', { id: payment.bundle_id })}
            className={`btn ${next ? 'btn-ghost' : 'btn-primary'}`}
          >
            <FormattedMessage id="payment.try_again" />
          </Link>
        </div>
      )}
    </div>
  );
}
