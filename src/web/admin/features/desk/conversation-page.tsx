import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import type {
  TDeskAnswerRequest,
  TDeskAnswerResponse,
  TDeskEvent,
  TDeskMessage,
  TDeskOpener,
  TDeskProfile,
  TDeskViewResponse,
} from '../../../../shared/contract/admin-desk.ts';
import type { TGift } from '../../../../shared/contract/chat.ts';
import { AdminApiError, adminFetch } from '../../api.ts';
import { useAdminLocale } from '../../i18n.tsx';
import { languageName, Wait } from './desk-parts.tsx';
import { QUEUE_KEY } from './queue-page.tsx';

const viewKey = (id: number) => ['admin', 'desk', 'view', id] as const;
/** While the operator types, the member sees it; a pause this long ends it. */
const TYPING_IDLE_MS = 4_000;
const TYPING_REPEAT_MS = 3_000;

const newClientId = () => crypto.randomUUID();

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
    queryFn: () => adminFetch<TDeskViewResponse>(`/desk/${id}`),
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
    mutationFn: () => adminFetch(`/desk/${id}/claim`, { method: 'POST', json: {} }),
    onSuccess: () => {
      setError(null);
      void refresh();
    },
    onError: fail,
  });
  const release = useCallback(async () => {
    await adminFetch(`/desk/${id}/release`, { method: 'POST', json: {} }).catch(() => undefined);
    void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
    navigate('/desk');
  }, [id, navigate, queryClient]);

  // The member's side, live: their messages, typing and reading.
  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) return;
    const source = new EventSource(`/api/admin/desk/${id}/events`);
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
            void adminFetch(`/desk/${id}/claim`, { method: 'POST', json: {} }).then(refresh, () => refresh());
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
      void adminFetch(`/desk/${id}/activity`, { method: 'POST', json: {} }).catch(() => undefined);
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
      const page = await adminFetch<TDeskViewResponse>(`/desk/${id}?before_seq=${first.seq}`);
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

function History(props: {
  messages: TDeskMessage[];
  hasMore: boolean;
  onOlder(): void;
  readId: number | null;
  memberName: string;
}) {
  const intl = useIntl();
  const end = useRef<HTMLLIElement>(null);
  const last = props.messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the newest message changes
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [last]);
  return (
    <ol className="flex-1 space-y-2 overflow-y-auto p-3" data-testid="desk-history">
      {props.hasMore && (
        <li className="text-center">
          <button
            type="button"
            onClick={props.onOlder}
            className="min-h-11 rounded-md px-3 text-sm text-primary underline"
          >
            <FormattedMessage id="admin.desk.view.older" />
          </button>
        </li>
      )}
      {props.messages.map((m) => {
        const mine = m.from === 'fictional';
        return (
          <li key={m.id} className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}>
            <div
              className={`max-w-[85%] whitespace-pre-wrap break-words rounded-lg px-3 py-2 ${mine ? 'bg-primary text-white' : 'bg-surface text-ink'}`}
            >
              {m.kind === 'text' && m.body}
              {m.gift && (
                <span className="flex items-center gap-2">
                  <img src={m.gift.image_url} alt="" width={32} height={32} />
                  {m.gift.name}
                </span>
              )}
              {m.photo && (
                <a href={m.photo.url} target="_blank" rel="noreferrer">
                  <img src={m.photo.thumb_url} alt="" className="max-h-40 rounded" />
                </a>
              )}
            </div>
            <span className="mt-0.5 text-xs text-muted">
              {mine ? '' : `${props.memberName} · `}
              {intl.formatTime(m.created_at, { hour: '2-digit', minute: '2-digit' })}
              {m.sent_by === 'operator' && (
                <>
                  {' · '}
                  <FormattedMessage id="admin.desk.view.operator" />
                </>
              )}
              {m.id === props.readId && (
                <>
                  {' · '}
                  <span data-testid="desk-read">
                    <FormattedMessage id="admin.desk.view.read" />
                  </span>
                </>
              )}
            </span>
          </li>
        );
      })}
      <li ref={end} aria-hidden="true" />
    </ol>
  );
}

function Composer(props: {
  conversationId: number;
  data: TDeskViewResponse;
  onSent(message: TDeskMessage): void;
  onReleased(): void;
  onError(err: unknown): void;
}) {
  const intl = useIntl();
  const { locale: uiLocale } = useAdminLocale();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const typingAt = useRef(0);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const area = useRef<HTMLTextAreaElement>(null);
  const id = props.conversationId;
  const { conversation, fictional } = props.data;
  const gifts = useQuery({
    queryKey: ['admin', 'desk', 'gifts', uiLocale],
    queryFn: () => adminFetch<{ gifts: TGift[] }>('/api/gifts'),
    staleTime: 3_600_000,
  });
  const openers = useQuery({
    queryKey: ['admin', 'desk', 'openers', conversation.locale, conversation.site.id],
    queryFn: () =>
      adminFetch<{ openers: TDeskOpener[] }>(
        `/desk/openers?locale=${encodeURIComponent(conversation.locale)}&site=${conversation.site.id}`,
      ),
    staleTime: 60_000,
  });

  const activity = (typing: boolean) =>
    adminFetch(`/desk/${id}/activity`, { method: 'POST', json: { typing } }).catch(() => undefined);

  useEffect(() => () => clearTimeout(typingTimer.current), []);

  const onTyped = () => {
    const now = Date.now();
    if (now - typingAt.current > TYPING_REPEAT_MS) {
      typingAt.current = now;
      void activity(true);
    }
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => {
      typingAt.current = 0;
      void activity(false);
    }, TYPING_IDLE_MS);
  };

  const send = async (answer: TDeskAnswerRequest) => {
    if (sending) return;
    setSending(true);
    try {
      const result = await adminFetch<TDeskAnswerResponse>(`/desk/${id}/messages`, {
        method: 'POST',
        json: answer,
      });
      if (answer.kind === 'text') setText('');
      clearTimeout(typingTimer.current);
      typingAt.current = 0;
      props.onSent(result.message);
      if (answer.release) props.onReleased();
    } catch (err) {
      props.onError(err);
    } finally {
      setSending(false);
      area.current?.focus();
    }
  };
  const sendText = (release = false) => {
    const body = text.trim();
    if (body) void send({ kind: 'text', client_id: newClientId(), body, ...(release ? { release } : {}) });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      sendText();
    }
  };

  return (
    <div className="space-y-2 border-t border-line p-3">
      <label htmlFor="desk-composer" className="text-sm font-semibold">
        <FormattedMessage id="admin.desk.composer.label" values={{ name: fictional.name }} />
      </label>
      <textarea
        id="desk-composer"
        ref={area}
        // biome-ignore lint/a11y/noAutofocus: the operator claimed this conversation to answer it
        autoFocus
        rows={3}
        value={text}
        maxLength={5000}
        onChange={(e) => {
          setText(e.target.value);
          onTyped();
        }}
        onKeyDown={onKeyDown}
        className="block w-full rounded-md border border-line p-2"
      />
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => sendText()}
          disabled={sending || !text.trim()}
          className="min-h-11 rounded-md bg-primary px-4 font-semibold text-white hover:bg-primary-strong disabled:opacity-50"
        >
          <FormattedMessage id="admin.desk.composer.send" />
        </button>
        <button
          type="button"
          onClick={() => sendText(true)}
          disabled={sending || !text.trim()}
          className="min-h-11 rounded-md border border-line px-3 hover:bg-surface disabled:opacity-50"
        >
          <FormattedMessage id="admin.desk.composer.send_release" />
        </button>
        <details className="relative">
          <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md border border-line px-3 hover:bg-surface">
            <FormattedMessage id="admin.desk.composer.openers" />
          </summary>
          <ul className="absolute bottom-12 left-0 z-10 max-h-64 w-72 max-w-[85vw] overflow-y-auto rounded-md border border-line bg-white p-1 shadow-lg">
            {(openers.data?.openers ?? []).length === 0 && (
              <li className="p-2 text-sm text-muted">
                <FormattedMessage id="admin.desk.composer.no_openers" />
              </li>
            )}
            {openers.data?.openers.map((o) => (
              <li key={o.id}>
                <button
                  type="button"
                  className="block min-h-11 w-full rounded px-2 py-1 text-left text-sm hover:bg-surface"
                  onClick={(e) => {
                    setText(o.body);
                    (e.currentTarget.closest('details') as HTMLDetailsElement | null)?.removeAttribute(
                      'open',
                    );
                    area.current?.focus();
                  }}
                >
                  {o.body}
                </button>
              </li>
            ))}
          </ul>
        </details>
        <details className="relative">
          <summary
            className="inline-flex min-h-11 cursor-pointer items-center rounded-md border border-line px-3 hover:bg-surface"
            aria-label={intl.formatMessage({ id: 'admin.desk.composer.gift_pick' })}
          >
            <FormattedMessage id="admin.desk.composer.gift" />
          </summary>
          <ul className="absolute bottom-12 left-0 z-10 grid w-64 max-w-[85vw] grid-cols-3 gap-1 rounded-md border border-line bg-white p-1 shadow-lg">
            {gifts.data?.gifts.map((g) => (
              <li key={g.code}>
                <button
                  type="button"
                  disabled={sending}
                  className="flex min-h-11 w-full flex-col items-center rounded p-1 text-xs hover:bg-surface"
                  onClick={(e) => {
                    (e.currentTarget.closest('details') as HTMLDetailsElement | null)?.removeAttribute(
                      'open',
                    );
                    void send({ kind: 'gift', client_id: newClientId(), gift_code: g.code });
                  }}
                >
                  <img src={g.image_url} alt="" width={32} height={32} />
                  {g.name}
                </button>
              </li>
            ))}
          </ul>
        </details>
        {fictional.photos.length > 0 && (
          <details className="relative">
            <summary
              className="inline-flex min-h-11 cursor-pointer items-center rounded-md border border-line px-3 hover:bg-surface"
              aria-label={intl.formatMessage({ id: 'admin.desk.composer.photo_pick' })}
            >
              <FormattedMessage id="admin.desk.composer.photo" />
            </summary>
            <ul className="absolute bottom-12 right-0 z-10 grid w-64 max-w-[85vw] grid-cols-3 gap-1 rounded-md border border-line bg-white p-1 shadow-lg">
              {fictional.photos.map((p, i) => (
                <li key={p.id}>
                  <button
                    type="button"
                    disabled={sending}
                    className="block w-full rounded hover:opacity-80"
                    onClick={(e) => {
                      (e.currentTarget.closest('details') as HTMLDetailsElement | null)?.removeAttribute(
                        'open',
                      );
                      void send({ kind: 'photo', client_id: newClientId(), photo_id: p.id });
                    }}
                  >
                    <img
                      src={p.thumb_url}
                      alt={`${fictional.name} ${i + 1}`}
                      className="aspect-square w-full rounded object-cover"
                    />
                  </button>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </div>
  );
}

function ProfilePanel(props: { titleId: string; profile: TDeskProfile; className: string; testId: string }) {
  const p = props.profile;
  const intl = useIntl();
  const headingId = `${props.testId}-title`;
  return (
    <section
      aria-labelledby={headingId}
      className={`space-y-2 rounded-md border border-line bg-white p-3 text-sm lg:h-[calc(100dvh-11rem)] lg:overflow-y-auto ${props.className}`}
      data-testid={props.testId}
    >
      <h2 id={headingId} className="text-xs font-semibold uppercase tracking-wide text-muted">
        <FormattedMessage id={props.titleId} />
      </h2>
      <p className="text-base font-semibold">
        {p.name}
        {p.age !== null && <span className="font-normal">, {p.age}</span>}
      </p>
      <p className="text-muted">
        {[p.city, p.region, p.country].filter(Boolean).join(', ')}
        {p.gender && ` · ${p.gender}`}
        {` · ${languageName(p.language, intl.locale)}`}
      </p>
      {p.photos.length > 0 ? (
        <ul
          className="grid grid-cols-3 gap-1"
          aria-label={intl.formatMessage({ id: 'admin.desk.view.photos' })}
        >
          {p.photos.map((ph, i) => (
            <li key={ph.id}>
              <a href={ph.url} target="_blank" rel="noreferrer">
                <img
                  src={ph.thumb_url}
                  alt={`${p.name} ${i + 1}`}
                  className="aspect-square w-full rounded object-cover"
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted">
          <FormattedMessage id="admin.desk.view.no_photos" />
        </p>
      )}
      {p.looking_for && p.looking_for.length > 0 && (
        <p>
          <span className="font-semibold">
            <FormattedMessage id="admin.desk.view.looking_for" />:
          </span>{' '}
          {p.looking_for.join(', ')}
        </p>
      )}
      {p.about && (
        <div>
          <h3 className="font-semibold">
            <FormattedMessage id="admin.desk.view.about" />
          </h3>
          <p className="whitespace-pre-wrap break-words">{p.about}</p>
        </div>
      )}
      {Object.keys(p.fields).length > 0 && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-2">
          {Object.entries(p.fields).map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-muted">{name.replaceAll('_', ' ')}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {p.interests.length > 0 && (
        <p>
          <span className="font-semibold">
            <FormattedMessage id="admin.desk.view.interests" />:
          </span>{' '}
          {p.interests.join(', ')}
        </p>
      )}
    </section>
  );
}
