import { useRef, useState } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { REFUND_REASON_MAX, type TTransaction } from '../../../shared/contract/credits.ts';
import { useRequestRefund } from '../../api/credits.ts';
import { FormMessage, SubmitButton, TextField, useFormErrors } from '../../components/form.tsx';

type Refund = NonNullable<TTransaction['refund']>;

const day = (iso: string | null) => (iso ? <FormattedDate value={iso} dateStyle="long" /> : null);

/**
 * A purchase's refund on its transaction page (issue 26, Pay-11): the member may ask for an unspent
 * purchase's money back within the site's refund days, with an optional reason; afterwards the request's
 * state, and staff's answer when it was refused.
 */
export function RefundSection({ id, refund }: { id: number; refund: Refund }) {
  return (
    <section
      aria-labelledby="refund-title"
      className="rounded-2xl border border-line bg-white p-5"
      data-testid="refund"
    >
      <h2 id="refund-title" className="text-lg font-bold">
        <FormattedMessage id="refund.title" />
      </h2>
      {refund.status === 'available' ? (
        <RefundForm id={id} until={refund.until} />
      ) : refund.status === 'refused' ? (
        <div className="mt-2 space-y-2">
          <p>
            <FormattedMessage id="refund.refused" />
          </p>
          {refund.note && (
            <blockquote className="rounded-xl bg-surface px-4 py-3">
              <p className="text-sm font-semibold text-muted">
                <FormattedMessage id="refund.refused_note" />
              </p>
              <p className="whitespace-pre-line">{refund.note}</p>
            </blockquote>
          )}
        </div>
      ) : (
        <p className="mt-2" role={refund.status === 'open' ? 'status' : undefined}>
          <FormattedMessage
            id={`refund.${refund.status}`}
            values={{ date: day(refund.status === 'open' ? refund.requested_at : refund.until) }}
          />
        </p>
      )}
    </section>
  );
}

function RefundForm({ id, until }: { id: number; until: string | null }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(formRef);
  const request = useRequestRefund(id);
  return (
    <div className="mt-2 space-y-3">
      <p>
        <FormattedMessage id="refund.available" values={{ date: day(until) }} />
      </p>
      {!open ? (
        <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
          <FormattedMessage id="refund.ask" />
        </button>
      ) : (
        <form
          ref={formRef}
          noValidate
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            request.mutate({ reason }, { onError: (err) => errors.fromServer(err, ['reason']) });
          }}
        >
          <FormMessage message={errors.form} />
          <TextField
            label={<FormattedMessage id="refund.reason_label" />}
            value={reason}
            multiline
            maxLength={REFUND_REASON_MAX}
            {...errors.bind('reason', setReason)}
          />
          <div className="flex flex-wrap gap-2">
            <SubmitButton pending={request.isPending} className="btn btn-primary">
              <FormattedMessage id="refund.send" />
            </SubmitButton>
            <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
              <FormattedMessage id="common.cancel" />
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
