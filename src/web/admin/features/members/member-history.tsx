// A member's ledger, conversations and desk messages in the back office, and the credits dialog (item 2).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { TLedgerPage, TMemberPage } from '../../../../shared/contract/admin-members.ts';
import { adminCall } from '../../api.ts';
import { ActionDialog, type ActionFields } from './action-dialog.tsx';
import { dateTime, Section } from './member-parts.tsx';
/** The credits dialog: one client id per opening, so a resent request books once. */
export function CreditsDialog(props: {
  open: boolean;
  language: string;
  onClose(): void;
  run(fields: ActionFields, clientId: string): Promise<unknown>;
  onDone(): void;
}) {
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  return (
    <ActionDialog
      open={props.open}
      onClose={() => {
        setClientId(crypto.randomUUID());
        props.onClose();
      }}
      title={<FormattedMessage id="admin.members.action.credits" />}
      intro={<FormattedMessage id="admin.members.credits_intro" values={{ language: props.language }} />}
      submitLabel={<FormattedMessage id="admin.members.book" />}
      reason
      amount
      run={(f) => props.run(f, clientId)}
      onDone={props.onDone}
    />
  );
}

export function Ledger({ id, first }: { id: number; first: TLedgerPage }) {
  const [page, setPage] = useState(1);
  const ledger = useQuery({
    queryKey: ['admin', 'member', id, 'ledger', page],
    queryFn: () => adminCall('GET /api/admin/members/:id/ledger', { params: { id }, query: { page } }),
    initialData: page === 1 ? first : undefined,
  });
  const data = ledger.data;
  return (
    <Section id="m-ledger" title={<FormattedMessage id="admin.members.ledger" />}>
      {!data || data.items.length === 0 ? (
        <p className="text-sm text-muted">
          <FormattedMessage id={ledger.isPending ? 'admin.loading' : 'admin.members.none'} />
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                {['when', 'booking', 'change', 'balance'].map((h) => (
                  <th key={h} scope="col" className="px-2 py-1 font-semibold">
                    <FormattedMessage id={`admin.members.${h}`} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.items.map((l) => (
                <tr key={l.id} className="border-t border-line">
                  <td className="px-2 py-1 whitespace-nowrap">{dateTime(l.created_at)}</td>
                  <td className="px-2 py-1 break-all">
                    {l.reason}
                    {l.note && <span className="block font-medium">“{l.note}”</span>}
                  </td>
                  <td className={`px-2 py-1 ${l.amount > 0 ? 'text-primary-strong' : ''}`}>
                    {l.amount > 0 ? '+' : ''}
                    {l.amount}
                  </td>
                  <td className="px-2 py-1">{l.balance_after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.pages > 1 && (
        <div className="flex items-center gap-2 text-sm">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
            className="min-h-11 rounded-md border border-line px-3 disabled:opacity-50"
          >
            <FormattedMessage id="admin.members.previous" />
          </button>
          <FormattedMessage id="admin.members.page_of" values={{ page, pages: data.pages }} />
          <button
            type="button"
            disabled={page >= data.pages}
            onClick={() => setPage((p) => p + 1)}
            className="min-h-11 rounded-md border border-line px-3 disabled:opacity-50"
          >
            <FormattedMessage id="admin.members.next" />
          </button>
        </div>
      )}
    </Section>
  );
}

export function Conversations({ id, data }: { id: number; data: TMemberPage['conversations'] }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Section id="m-chats" title={<FormattedMessage id="admin.members.conversations" />}>
      <p className="text-sm">
        <FormattedMessage
          id="admin.members.conversation_counts"
          values={{ total: data.total, sent: data.messages_sent }}
        />
      </p>
      <ul className="divide-y divide-line text-sm">
        {data.items.map((c) => (
          <li key={c.id} className="py-2">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Link to={`/members/${c.partner.id}`} className="font-medium text-primary-strong underline">
                {c.partner.name ?? `#${c.partner.id}`}
              </Link>
              {c.partner.fictional && (
                <span className="rounded border border-line px-2 text-xs">
                  <FormattedMessage id="admin.members.fictional" />
                </span>
              )}
              <span className="text-muted">
                <FormattedMessage
                  id="admin.members.conversation_line"
                  values={{ messages: c.messages, unread: c.unread }}
                />{' '}
                · {dateTime(c.last_activity_at)}
              </span>
              {c.partner.fictional && (
                <button
                  type="button"
                  aria-expanded={open === c.id}
                  onClick={() => setOpen(open === c.id ? null : c.id)}
                  className="min-h-11 rounded-md border border-line px-3"
                >
                  <FormattedMessage
                    id={open === c.id ? 'admin.members.hide_messages' : 'admin.members.show_messages'}
                  />
                </button>
              )}
            </div>
            {open === c.id && <DeskMessages memberId={id} conversationId={c.id} />}
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted">
        <FormattedMessage id="admin.members.privacy_note" />
      </p>
    </Section>
  );
}

function DeskMessages({ memberId, conversationId }: { memberId: number; conversationId: number }) {
  const messages = useQuery({
    queryKey: ['admin', 'member', memberId, 'conversation', conversationId],
    queryFn: () =>
      adminCall('GET /api/admin/members/:id/conversations/:conversationId', {
        params: { id: memberId, conversationId },
      }),
  });
  if (messages.isError)
    return (
      <p role="alert" className="text-danger">
        {messages.error.message}
      </p>
    );
  return (
    <ol className="mt-2 max-h-80 space-y-1 overflow-y-auto rounded border border-line bg-surface p-2">
      {messages.data?.items.map((msg) => (
        <li key={msg.seq} className={msg.from_member ? '' : 'text-right'}>
          <span className="inline-block max-w-[85%] rounded bg-white px-2 py-1 text-left">
            <span className="block text-xs text-muted">
              <FormattedMessage
                id={msg.from_member ? 'admin.members.from_member' : 'admin.members.from_profile'}
              />{' '}
              · {dateTime(msg.created_at)}
            </span>
            {msg.kind === 'text' ? msg.body : `[${msg.kind}${msg.gift_code ? `: ${msg.gift_code}` : ''}]`}
          </span>
        </li>
      ))}
    </ol>
  );
}
