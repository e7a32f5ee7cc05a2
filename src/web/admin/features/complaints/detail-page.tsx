// One complaint in the back office (O-03): its handling, the replies and the page itself.
import { useEffect, useId, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useOutletContext, useParams } from 'react-router';
import {
  COMPLAINT_STATUSES,
  type ComplaintStatus,
  type TComplaintDetail,
} from '../../../../shared/contract/admin-moderation.ts';
import type { AdminMe } from '../../api.ts';
import { useComplaint, useReply, useUpdateComplaint } from './complaints-api.ts';
import { StatusBadge } from './list-page.tsx';
import { card, errorText, input, MemberActions, primary } from './member-actions.tsx';

function Handling({ c, me }: { c: TComplaintDetail; me: AdminMe }) {
  const intl = useIntl();
  const update = useUpdateComplaint(c.id);
  const [status, setStatus] = useState<ComplaintStatus>(c.status);
  const [assigned, setAssigned] = useState<string>(c.assigned_to ? String(c.assigned_to.id) : '');
  const [saved, setSaved] = useState('');
  // What the server says now (after a save, a reply or a ban) is what the fields show.
  const serverAssigned = c.assigned_to ? String(c.assigned_to.id) : '';
  useEffect(() => {
    setStatus(c.status);
    setAssigned(serverAssigned);
  }, [c.status, serverAssigned]);
  const mine = c.assignable.some((s) => s.id === me.id);
  const save = (change: { status?: ComplaintStatus; assigned_to?: number | null }) => {
    setSaved('');
    update.mutate(change, {
      onSuccess: () => setSaved(intl.formatMessage({ id: 'admin.complaints.saved' })),
    });
  };
  return (
    <section className={card} aria-labelledby="handling-title">
      <h2 id="handling-title" className="font-semibold">
        <FormattedMessage id="admin.complaints.handling" />
      </h2>
      <form
        className="mt-2 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          save({ status, assigned_to: assigned ? Number(assigned) : null });
        }}
      >
        <label className="text-sm">
          <span className="text-muted">
            <FormattedMessage id="admin.complaints.status" />
          </span>
          <select
            className={input}
            value={status}
            onChange={(e) => setStatus(e.target.value as ComplaintStatus)}
          >
            {COMPLAINT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {intl.formatMessage({ id: `admin.complaints.status.${s}` })}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="text-muted">
            <FormattedMessage id="admin.complaints.assign_to" />
          </span>
          <select className={input} value={assigned} onChange={(e) => setAssigned(e.target.value)}>
            <option value="">{intl.formatMessage({ id: 'admin.complaints.nobody' })}</option>
            {c.assignable.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={primary} disabled={update.isPending}>
          <FormattedMessage id="admin.complaints.save" />
        </button>
      </form>
      {mine && c.assigned_to?.id !== me.id && (
        <button
          type="button"
          className="mt-2 min-h-11 rounded-md border border-line px-3 text-sm hover:bg-surface"
          onClick={() => {
            setAssigned(String(me.id));
            save({ assigned_to: me.id });
          }}
        >
          <FormattedMessage id="admin.complaints.assign_me" />
        </button>
      )}
      <p role="status" className="mt-1 text-sm text-primary-strong">
        {saved}
      </p>
      {update.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorText(update.error, intl)}
        </p>
      )}
    </section>
  );
}

function Replies({ c }: { c: TComplaintDetail }) {
  const intl = useIntl();
  const reply = useReply(c.id);
  const bodyId = useId();
  const [body, setBody] = useState('');
  const [status, setStatus] = useState<ComplaintStatus>(c.status === 'open' ? 'in_progress' : c.status);
  const [sent, setSent] = useState('');
  return (
    <section className={card} aria-labelledby="replies-title">
      <h2 id="replies-title" className="font-semibold">
        <FormattedMessage id="admin.complaints.replies" />
      </h2>
      {c.replies.length === 0 ? (
        <p className="text-sm text-muted">
          <FormattedMessage id="admin.complaints.no_replies" />
        </p>
      ) : (
        <ol className="mt-2 space-y-2">
          {c.replies.map((r) => (
            <li key={r.id} className="rounded-lg bg-surface p-3" data-testid="complaint-reply">
              <p className="text-xs text-muted">
                <FormattedMessage
                  id="admin.complaints.by"
                  values={{
                    name: r.staff?.name ?? '–',
                    date: intl.formatDate(r.created_at, { dateStyle: 'medium', timeStyle: 'short' }),
                  }}
                />
              </p>
              <p className="mt-1 whitespace-pre-wrap text-sm">{r.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form
        className="mt-4 space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          setSent('');
          reply.mutate(
            { body, status },
            {
              onSuccess: () => {
                setBody('');
                setSent(intl.formatMessage({ id: 'admin.complaints.reply_sent' }));
              },
            },
          );
        }}
      >
        <label htmlFor={bodyId} className="block font-semibold">
          <FormattedMessage id="admin.complaints.reply" />
        </label>
        <p className="text-sm text-muted" id={`${bodyId}-hint`}>
          <FormattedMessage
            id="admin.complaints.reply_hint"
            values={{ from: c.reply_from, to: c.email, language: c.locale.toUpperCase() }}
          />
        </p>
        <textarea
          id={bodyId}
          aria-describedby={`${bodyId}-hint`}
          className="min-h-40 w-full rounded-md border border-line p-2"
          value={body}
          maxLength={5000}
          onChange={(e) => setBody(e.target.value)}
          lang={c.locale}
        />
        <div className="flex flex-wrap items-end gap-3">
          <label className="text-sm">
            <span className="text-muted">
              <FormattedMessage id="admin.complaints.reply_status" />
            </span>
            <select
              className={input}
              value={status}
              onChange={(e) => setStatus(e.target.value as ComplaintStatus)}
            >
              {COMPLAINT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {intl.formatMessage({ id: `admin.complaints.status.${s}` })}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={primary} disabled={reply.isPending}>
            <FormattedMessage id="admin.complaints.send_reply" />
          </button>
        </div>
        <p role="status" className="text-sm text-primary-strong">
          {sent}
        </p>
        {reply.isError && (
          <p role="alert" className="text-sm text-danger">
            {errorText(reply.error, intl)}
          </p>
        )}
      </form>
    </section>
  );
}

/** One complaint (O-03): what was sent, by whom, about whom; handle, answer, act on the member. */
export function Component() {
  const me = useOutletContext<AdminMe>();
  const { id } = useParams();
  const complaintId = /^[1-9]\d{0,9}$/.test(id ?? '') ? Number(id) : 0;
  const query = useComplaint(complaintId);
  const back = (
    <Link to="/complaints" className="text-sm text-primary-strong underline">
      ← <FormattedMessage id="admin.complaints.back" />
    </Link>
  );
  if (query.isPending)
    return (
      <div className="space-y-3">
        {back}
        <div className="h-64 animate-pulse rounded-xl bg-white" aria-busy="true" />
      </div>
    );
  if (query.isError)
    return (
      <div className="space-y-3">
        {back}
        <p role="alert" className="text-danger">
          {query.error.message}
        </p>
      </div>
    );
  const c = query.data;
  return (
    <article aria-labelledby="complaint-title" className="space-y-4">
      {back}
      <header className="flex flex-wrap items-center gap-3">
        <h1 id="complaint-title" className="text-xl font-bold">
          <FormattedMessage id="admin.complaints.detail_title" values={{ reference: c.reference }} />
        </h1>
        <StatusBadge status={c.status} />
        <span className="text-sm text-muted">
          <FormattedDate value={c.created_at} dateStyle="medium" timeStyle="short" /> · {c.site_name}
        </span>
      </header>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          <section className={card} aria-labelledby="message-title">
            <h2 id="message-title" className="font-semibold">
              <FormattedMessage id="admin.complaints.message" /> ·{' '}
              <FormattedMessage id={`admin.complaints.topic.${c.topic}`} />
            </h2>
            <p
              className="mt-2 whitespace-pre-wrap break-words"
              lang={c.locale}
              data-testid="complaint-message"
            >
              {c.message}
            </p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted">
                <FormattedMessage id="admin.complaints.sender" />
              </dt>
              <dd className="break-all">
                {c.name} &lt;{c.email}&gt; ·{' '}
                {c.sender_id ? (
                  <Link to={`/members/${c.sender_id}`} className="text-primary-strong underline">
                    <FormattedMessage id="admin.complaints.sender_account" values={{ id: c.sender_id }} />
                  </Link>
                ) : (
                  <FormattedMessage id="admin.complaints.visitor" />
                )}
              </dd>
              <dt className="text-muted">
                <FormattedMessage id="admin.complaints.language" />
              </dt>
              <dd className="uppercase">{c.locale}</dd>
            </dl>
          </section>
          <Handling c={c} me={me} />
          <Replies c={c} />
        </div>
        <MemberActions c={c} />
      </div>
    </article>
  );
}
