// One member in the back office (issue 23 item 2): facts, devices, payments and the actions.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link, useOutletContext, useParams } from 'react-router';
import { type AdminMe, adminCall, can, type StaffRole } from '../../api.ts';
import { ActionDialog, type ActionFields } from './action-dialog.tsx';
import { Conversations, CreditsDialog, Ledger } from './member-history.tsx';
import { type Action, dateTime, Facts, Section } from './member-parts.tsx';
import { StatusBadge } from './status-badge.tsx';

/** Who may do what; the server checks the same per site (members-service.ts MEMBER_ROLES). */
const ROLES = {
  ban: ['moderator', 'support'],
  credits: ['support', 'finance'],
  refund: ['finance'],
  activation: ['support'],
  delete: ['support', 'admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

/** /admin/members/:id: everything about one member, and the actions on the account (O-02). */
export function Component() {
  const intl = useIntl();
  const me = useOutletContext<AdminMe>();
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const key = ['admin', 'member', id];
  const page = useQuery({
    queryKey: key,
    queryFn: () => adminCall('GET /api/admin/members/:id', { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
  });

  if (page.isPending) {
    return (
      <p role="status" className="text-muted">
        <FormattedMessage id="admin.loading" />
      </p>
    );
  }
  if (page.isError) {
    return (
      <p role="alert" className="rounded-md bg-danger-soft p-3 text-danger">
        {page.error.message}
      </p>
    );
  }
  const m = page.data;
  const a = m.account;
  const finished = (message: string) => () => {
    setAction(null);
    setDone(intl.formatMessage({ id: message }));
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
  };
  const withReason = (f: ActionFields) => ({ params: { id }, body: { reason: f.reason } });

  const deleted = a.status === 'deleted';
  const buttons: { show: boolean; label: string; kind: Action['kind']; danger?: boolean }[] = [
    {
      show: can(me, ROLES.ban) && a.status !== 'banned' && !deleted,
      label: 'ban',
      kind: 'ban',
      danger: true,
    },
    { show: can(me, ROLES.ban) && a.status === 'banned', label: 'unban', kind: 'unban' },
    { show: can(me, ROLES.credits) && !deleted, label: 'credits', kind: 'credits' },
    {
      show: can(me, ROLES.activation) && a.status === 'not_confirmed',
      label: 'activation',
      kind: 'activation',
    },
    { show: can(me, ROLES.delete) && !deleted, label: 'delete', kind: 'delete', danger: true },
  ];
  const refundPayment = action?.kind === 'refund' ? action.payment : null;

  return (
    <div className="space-y-4">
      <p>
        <Link to="/members" className="text-primary-strong underline underline-offset-2">
          <FormattedMessage id="admin.members.back" />
        </Link>
      </p>
      <header className="space-y-2">
        <h1 className="text-xl font-bold break-all">
          {m.profile?.name ?? a.email} <span className="text-muted">#{a.id}</span>
        </h1>
        <StatusBadge status={a.status} fictional={m.profile?.fictional ?? false} />
        {a.status === 'banned' && a.ban_reason && (
          <p className="text-sm">
            <FormattedMessage id="admin.members.banned_for" values={{ reason: a.ban_reason }} />
          </p>
        )}
      </header>
      <p
        role="status"
        aria-live="polite"
        className={done ? 'rounded-md bg-primary-soft p-3 text-sm' : 'sr-only'}
      >
        {done}
      </p>
      {buttons.some((b) => b.show) && (
        <div className="flex flex-wrap gap-2">
          {buttons
            .filter((b) => b.show)
            .map((b) => (
              <button
                key={b.kind}
                type="button"
                onClick={() => {
                  setDone(null);
                  setAction({ kind: b.kind } as Action);
                }}
                className={`min-h-11 rounded-md border px-4 font-medium ${b.danger ? 'border-danger text-danger' : 'border-primary text-primary-strong'}`}
              >
                <FormattedMessage id={`admin.members.action.${b.label}`} />
              </button>
            ))}
        </div>
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        <Section id="m-account" title={<FormattedMessage id="admin.members.account" />}>
          <Facts
            rows={[
              [
                'admin.members.col.email',
                <span key="email" className="break-all">
                  {a.email}
                </span>,
              ],
              ['admin.members.col.site', `${a.site.name} (${a.site.domain})`],
              ['admin.members.col.credits', <FormattedNumber key="credits" value={a.credits} />],
              [
                'admin.members.paid',
                <FormattedMessage key="paid" id={a.paid_user ? 'admin.members.yes' : 'admin.members.no'} />,
              ],
              ['admin.members.language', a.language],
              ['admin.members.col.created', dateTime(a.created_at)],
              ['admin.members.col.last_active', dateTime(a.last_active_at)],
              ...(a.banned_at
                ? [['admin.members.banned_at', dateTime(a.banned_at)] as [string, ReactNode]]
                : []),
              ...(a.deleted_at
                ? [['admin.members.deleted_at', dateTime(a.deleted_at)] as [string, ReactNode]]
                : []),
              ['admin.members.failed_logins', a.failed_logins],
              ...(a.locked_until
                ? [['admin.members.locked_until', dateTime(a.locked_until)] as [string, ReactNode]]
                : []),
            ]}
          />
        </Section>

        <Section id="m-profile" title={<FormattedMessage id="admin.members.profile" />}>
          {m.profile ? (
            <>
              <Facts
                rows={[
                  ['admin.members.col.name', m.profile.name],
                  ['admin.members.gender', m.profile.gender ?? '–'],
                  ['admin.members.born', m.profile.date_of_birth],
                  [
                    'admin.members.place',
                    [m.profile.city, m.profile.region, m.profile.country].filter(Boolean).join(', ') || '–',
                  ],
                  [
                    'admin.members.listed',
                    <FormattedMessage
                      key="listed"
                      id={m.profile.listed ? 'admin.members.yes' : 'admin.members.no'}
                    />,
                  ],
                ]}
              />
              {m.profile.about && <p className="whitespace-pre-line text-sm">{m.profile.about}</p>}
            </>
          ) : (
            <p className="text-sm text-muted">
              <FormattedMessage id="admin.members.none" />
            </p>
          )}
          <h3 className="pt-2 font-semibold">
            <FormattedMessage id="admin.members.photos" values={{ count: m.photos.length }} />
          </h3>
          {m.photos.length > 0 && (
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
              {m.photos.map((p) => (
                <li key={p.id} className="space-y-1 text-xs">
                  <a href={p.url} target="_blank" rel="noreferrer noopener">
                    <img
                      src={p.thumb_url}
                      alt={intl.formatMessage({ id: 'admin.members.photo_alt' }, { id: p.id })}
                      loading="lazy"
                      className="aspect-square w-full rounded object-cover"
                    />
                  </a>
                  <span className="block">
                    {[
                      p.is_main && intl.formatMessage({ id: 'admin.members.photo_main' }),
                      p.is_private && intl.formatMessage({ id: 'admin.members.photo_private' }),
                      !p.reviewed && intl.formatMessage({ id: 'admin.members.photo_unreviewed' }),
                      p.status,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      <Section id="m-payments" title={<FormattedMessage id="admin.members.payments" />}>
        {m.payments.length === 0 ? (
          <p className="text-sm text-muted">
            <FormattedMessage id="admin.members.none" />
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr>
                  {['when', 'payment', 'amount', 'col.credits', 'status', 'actions'].map((h) => (
                    <th key={h} scope="col" className="px-2 py-1 font-semibold">
                      <FormattedMessage id={`admin.members.${h}`} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {m.payments.map((p) => (
                  <tr key={p.id} className="border-t border-line">
                    <td className="px-2 py-1">{dateTime(p.created_at)}</td>
                    <td className="px-2 py-1 break-all">
                      {p.id} · {p.method}
                    </td>
                    <td className="px-2 py-1">
                      <FormattedNumber value={p.amount_cents / 100} style="currency" currency={p.currency} />
                    </td>
                    <td className="px-2 py-1">{p.credits}</td>
                    <td className="px-2 py-1">{p.status}</td>
                    <td className="px-2 py-1">
                      {p.refundable && can(me, ROLES.refund) && (
                        <button
                          type="button"
                          onClick={() => {
                            setDone(null);
                            setAction({ kind: 'refund', payment: p.id });
                          }}
                          className="min-h-11 rounded-md border border-danger px-3 text-danger"
                        >
                          <FormattedMessage id="admin.members.action.refund" />
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>

      <Ledger id={id} first={m.ledger} />

      <div className="grid gap-4 lg:grid-cols-2">
        <Section id="m-logins" title={<FormattedMessage id="admin.members.logins" />}>
          {m.sessions.length === 0 && m.devices.length === 0 ? (
            <p className="text-sm text-muted">
              <FormattedMessage id="admin.members.none" />
            </p>
          ) : (
            <ul className="space-y-1 text-sm">
              {m.sessions.map((s) => (
                <li key={s.id} className="break-words">
                  {dateTime(s.created_at)} · {s.user_agent || '–'}
                </li>
              ))}
              {m.devices.map((d) => (
                <li key={d.device}>
                  <FormattedMessage
                    id="admin.members.device"
                    values={{ device: d.device, failed: d.failed_logins }}
                  />{' '}
                  {d.locked_until && dateTime(d.locked_until)}
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section id="m-complaints" title={<FormattedMessage id="admin.members.complaints" />}>
          {(['about', 'by'] as const).map((side) => (
            <div key={side}>
              <h3 className="font-semibold">
                <FormattedMessage
                  id={`admin.members.complaints_${side}`}
                  values={{ count: m.complaints[side].length }}
                />
              </h3>
              <ul className="space-y-2 text-sm">
                {m.complaints[side].map((c) => (
                  <li key={c.id} className="rounded border border-line p-2">
                    <p className="font-medium">
                      {c.reference} · {c.topic} · {c.status} · {dateTime(c.created_at)}
                      {c.other_id !== null && (
                        <>
                          {' · '}
                          <Link to={`/members/${c.other_id}`} className="text-primary-strong underline">
                            #{c.other_id}
                          </Link>
                        </>
                      )}
                    </p>
                    <p className="whitespace-pre-line">{c.message}</p>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </Section>
      </div>

      <Conversations id={id} data={m.conversations} />

      <ActionDialog
        open={action?.kind === 'ban'}
        onClose={() => setAction(null)}
        title={<FormattedMessage id="admin.members.action.ban" />}
        intro={<FormattedMessage id="admin.members.ban_intro" />}
        submitLabel={<FormattedMessage id="admin.members.action.ban" />}
        danger
        reason
        run={(f: ActionFields) => adminCall('POST /api/admin/members/:id/ban', withReason(f))}
        onDone={finished('admin.members.done.ban')}
      />
      <ActionDialog
        open={action?.kind === 'unban'}
        onClose={() => setAction(null)}
        title={<FormattedMessage id="admin.members.action.unban" />}
        submitLabel={<FormattedMessage id="admin.members.action.unban" />}
        reason
        run={(f) => adminCall('POST /api/admin/members/:id/unban', withReason(f))}
        onDone={finished('admin.members.done.unban')}
      />
      <CreditsDialog
        open={action?.kind === 'credits'}
        language={a.language}
        onClose={() => setAction(null)}
        run={(f, clientId) =>
          adminCall('POST /api/admin/members/:id/credits', {
            params: { id },
            body: { amount: f.amount, reason: f.reason, client_id: clientId },
          })
        }
        onDone={finished('admin.members.done.credits')}
      />
      <ActionDialog
        open={refundPayment !== null}
        onClose={() => setAction(null)}
        title={<FormattedMessage id="admin.members.refund_title" values={{ payment: refundPayment }} />}
        intro={<FormattedMessage id="admin.members.refund_intro" />}
        submitLabel={<FormattedMessage id="admin.members.action.refund" />}
        danger
        reason
        run={(f) =>
          adminCall('POST /api/admin/members/:id/payments/:paymentId/refund', {
            ...withReason(f),
            params: { id, paymentId: String(refundPayment) },
          })
        }
        onDone={finished('admin.members.done.refund')}
      />
      <ActionDialog
        open={action?.kind === 'activation'}
        onClose={() => setAction(null)}
        title={<FormattedMessage id="admin.members.action.activation" />}
        intro={<FormattedMessage id="admin.members.activation_intro" values={{ email: a.email }} />}
        submitLabel={<FormattedMessage id="admin.members.send" />}
        run={() => adminCall('POST /api/admin/members/:id/activation-mail', { params: { id }, body: {} })}
        onDone={finished('admin.members.done.activation')}
      />
      <ActionDialog
        open={action?.kind === 'delete'}
        onClose={() => setAction(null)}
        title={<FormattedMessage id="admin.members.action.delete" />}
        intro={<FormattedMessage id="admin.members.delete_intro" />}
        submitLabel={<FormattedMessage id="admin.members.action.delete" />}
        danger
        reason
        run={(f) => adminCall('DELETE /api/admin/members/:id', withReason(f))}
        onDone={finished('admin.members.done.delete')}
      />
    </div>
  );
}
