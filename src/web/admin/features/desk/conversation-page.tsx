// One conversation at the desk (O-05): the page, its hold note and back link.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import type { TDeskEvent, TDeskMessage } from '../../../../shared/contract/admin-desk.ts';
import { AdminApiError, adminCall, adminUrl } from '../../api.ts';
import { Composer, viewKey } from './conversation-composer.tsx';
import { History, ProfilePanel } from './conversation-panels.tsx';
import { languageName, Wait } from './desk-parts.tsx';
import { QUEUE_KEY } from './queue-page.tsx';
/**
 * One conversation at the desk (O-05): the member's profile, the history with the composer, and the
 * fictional profile's facts, side by side (stacked on a phone, the conversation first). Enter sends,
 * Shift+Enter starts a new line, Esc releases the conversation and goes back to the queue.
 */
export function Component() {
  const id = Number(useParams().conversationId);
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const view = useQuery({
    queryKey: viewKey(id),
    queryFn: () => adminCall('GET /api/admin/desk/:conversationId', { params: { conversationId: id } }),
    refetchInterval: 15_000,
  });
  const [older, setOlder] = useState<TDeskMessage[]>([]);
  /** Whether there is more before the oldest page loaded (null: no older page loaded yet). */
  const [olderMore, setOlderMore] = useState<boolean | null>(null);
  const [live, setLive] = useState<TDeskMessage[]>([]);
  const [memberTyping, setMemberTyping] = useState(false);
  const [memberRead, setMemberRead] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const data = view.data;
  const hold = data?.conversation.hold ?? null;
  const holdRef = useRef(hold);
  holdRef.current = hold;

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: viewKey(id) }),
    [queryClient, id],
  );
  const fail = useCallback(
    (err: unknown) =>
      setError(
        err instanceof AdminApiError ? err.message : intl.formatMessage({ id: 'admin.error.general' }),
      ),
    [intl],
  );

  const claim = useMutation({
    mutationFn: () =>
      adminCall('POST /api/admin/desk/:conversationId/claim', { params: { conversationId: id } }),
    onSuccess: () => {
      setError(null);
      void refresh();
    },
    onError: fail,
  });
  const release = useCallback(async () => {
    await adminCall('POST /api/admin/desk/:conversationId/release', { params: { conversationId: id } }).catch(
      () => undefined,
    );
    void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
    navigate('/desk');
  }, [id, navigate, queryClient]);

  // The member's side, live: their messages, typing and reading.
  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) return;
    const source = new EventSource(
      adminUrl('GET /api/admin/desk/:conversationId/events', { conversationId: id }),
    );
    let typingOff: ReturnType<typeof setTimeout> | undefined;
    source.onmessage = (e: MessageEvent<string>) => {
      const event = JSON.parse(e.data) as TDeskEvent;
      if (event.type === 'typing') {
        setMemberTyping(event.typing);
        clearTimeout(typingOff);
        if (event.typing) typingOff = setTimeout(() => setMemberTyping(false), 8_000);
      } else if (event.type === 'read') {
        setMemberRead((seq) => Math.max(seq, event.read_seq));
      } else if (event.type === 'message') {
        setLive((list) => (list.some((m) => m.id === event.message.id) ? list : [...list, event.message]));
        if (event.message.from === 'member') {
          setMemberTyping(false);
          // The member wrote back after this operator's kept answer: the conversation stays theirs.
          if (holdRef.current === 'followup')
            void adminCall('POST /api/admin/desk/:conversationId/claim', {
              params: { conversationId: id },
            }).then(refresh, () => refresh());
          else void refresh();
        }
      }
    };
    return () => {
      clearTimeout(typingOff);
      source.close();
    };
  }, [id, refresh]);

  // Opening the conversation is activity: a claim held stays alive (a view left open does not keep it).
  const claimHeld = hold === 'claim';
  useEffect(() => {
    if (claimHeld)
      void adminCall('POST /api/admin/desk/:conversationId/activity', {
        params: { conversationId: id },
        body: {},
      }).catch(() => undefined);
  }, [id, claimHeld]);

  // Esc lets go of the conversation, wherever the focus is.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented && holdRef.current !== null) {
        e.preventDefault();
        void release();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [release]);

  if (view.isPending) {
    return (
      <p role="status" className="text-muted">
        <FormattedMessage id="admin.loading" />
      </p>
    );
  }
  if (view.isError) {
    return (
      <div className="space-y-3">
        <BackLink />
        <p role="alert" className="text-danger">
          {view.error.message}
        </p>
      </div>
    );
  }
  const conv = view.data.conversation;
  const messages = mergeMessages(older, view.data.messages, live);
  const readSeq = Math.max(conv.member_read_seq, memberRead);
  const lastReadFictional = [...messages].reverse().find((m) => m.from === 'fictional' && m.seq <= readSeq);

  const loadOlder = async () => {
    const first = messages[0];
    if (!first) return;
    try {
      const page = await adminCall('GET /api/admin/desk/:conversationId', {
        params: { conversationId: id },
        query: { before_seq: String(first.seq) },
      });
      setOlder((list) => [...page.messages, ...list]);
      setOlderMore(page.has_more_before);
    } catch (err) {
      fail(err);
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <BackLink />
        <h1 className="mr-auto text-lg font-bold">
          {view.data.member.name} <span className="text-muted">→</span> {view.data.fictional.name}
        </h1>
        {conv.waiting_since && (
          <span className="text-sm text-warning">
            <FormattedMessage
              id="admin.desk.view.waiting_since"
              values={{
                wait: (
                  <Wait
                    seconds={Math.max(0, Math.floor((Date.now() - Date.parse(conv.waiting_since)) / 1000))}
                  />
                ),
              }}
            />
          </span>
        )}
        {hold === null && conv.waiting_since && !(conv.claim && !conv.claim.mine) && (
          <button
            type="button"
            onClick={() => claim.mutate()}
            className="min-h-11 rounded-md bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
          >
            <FormattedMessage id="admin.desk.view.claim" />
          </button>
        )}
        {hold !== null && (
          <button
            type="button"
            onClick={() => void release()}
            className="min-h-11 rounded-md border border-line px-4 hover:bg-surface"
          >
            <FormattedMessage id="admin.desk.view.release" />
          </button>
        )}
      </div>
      <HoldNote hold={hold} claimedBy={conv.claim && !conv.claim.mine ? conv.claim.name : null} />
      {error && (
        <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger">
          {error}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,17rem)_minmax(0,1fr)_minmax(0,17rem)]">
        <section
          aria-labelledby="desk-history-title"
          className="flex min-h-[60dvh] flex-col rounded-md border border-line bg-white lg:order-2 lg:h-[calc(100dvh-11rem)] lg:min-h-0"
        >
          <h2 id="desk-history-title" className="border-b border-line px-3 py-2 text-sm font-semibold">
            <FormattedMessage id="admin.desk.view.history" />
            <span className="ml-2 font-normal text-muted">
              <FormattedMessage
                id="admin.desk.view.site_notes"
                values={{ site: conv.site.name, language: languageName(conv.locale, intl.locale) }}
              />
            </span>
          </h2>
          <History
            messages={messages}
            hasMore={olderMore ?? view.data.has_more_before}
            onOlder={loadOlder}
            readId={lastReadFictional?.id ?? null}
            memberName={view.data.member.name}
          />
          <p
            className="min-h-6 px-3 text-sm italic text-muted"
            aria-live="polite"
            data-testid="desk-member-typing"
          >
            {memberTyping && (
              <FormattedMessage id="admin.desk.view.typing" values={{ name: view.data.member.name }} />
            )}
          </p>
          {hold !== null && (
            <Composer
              key={id}
              conversationId={id}
              data={view.data}
              onSent={(m) => {
                setError(null);
                setLive((list) => (list.some((x) => x.id === m.id) ? list : [...list, m]));
                void refresh();
                void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
              }}
              onReleased={() => void release()}
              onError={fail}
            />
          )}
        </section>
        <ProfilePanel
          titleId="admin.desk.view.member"
          profile={view.data.member}
          className="lg:order-1"
          testId="desk-member"
        />
        <ProfilePanel
          titleId="admin.desk.view.fictional"
          profile={view.data.fictional}
          className="lg:order-3"
          testId="desk-fictional"
        />
      </div>
    </div>
  );
}

/** Older pages, the latest page and what arrived live, once each, in order. */
function mergeMessages(...lists: TDeskMessage[][]) {
  const byId = new Map<number, TDeskMessage>();
  for (const list of lists) for (const m of list) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

function BackLink() {
  return (
    <Link
      to="/desk"
      className="inline-flex min-h-11 items-center rounded-md border border-line px-3 text-sm hover:bg-surface"
    >
      ← <FormattedMessage id="admin.desk.view.back" />
    </Link>
  );
}

function HoldNote({ hold, claimedBy }: { hold: 'claim' | 'followup' | null; claimedBy: string | null }) {
  const text =
    hold === 'claim' ? (
      <FormattedMessage id="admin.desk.view.hold_claim" />
    ) : hold === 'followup' ? (
      <FormattedMessage id="admin.desk.view.hold_followup" />
    ) : claimedBy ? (
      <FormattedMessage id="admin.desk.view.held_by" values={{ name: claimedBy }} />
    ) : (
      <FormattedMessage id="admin.desk.view.hold_none" />
    );
  return (
    <p className="rounded-md bg-primary-soft px-3 py-2 text-sm" data-testid="desk-hold">
      {text}
    </p>
  );
}
