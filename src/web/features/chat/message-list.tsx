import { AlertCircle, ArrowDown, Check, CheckCheck, Clock3, RotateCcw, Sparkles, X } from 'lucide-react';
import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TChatProfile } from '../../../shared/contract/chat.ts';
import { useHydrating } from '../../components/use-media-query.ts';
import { percentText } from '../../i18n/values.ts';
import { TypingDots } from './chat-parts.tsx';
import type { ThreadMessage } from './outbox.ts';
import type { Thread } from './use-thread.ts';

// ---------------------------------------------------------------- days

export interface DayGroup<T> {
  /** Local calendar day, YYYY-MM-DD. */
  day: string;
  items: T[];
}

function localDay(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Consecutive messages of one local day together, for the day separators of the message list. */
export function groupByDay<T extends { created_at: string }>(items: readonly T[]): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const m of items) {
    const day = localDay(m.created_at);
    const last = groups.at(-1);
    if (last && last.day === day) last.items.push(m);
    else groups.push({ day, items: [m] });
  }
  return groups;
}

/** How a day separator reads: today, yesterday, a weekday within a week, else the date. */
export function dayLabelKind(day: string, now: Date): 'today' | 'yesterday' | 'weekday' | 'date' {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const then = new Date(y, m - 1, d);
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const days = Math.round((today.getTime() - then.getTime()) / 86_400_000);
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days > 1 && days < 7) return 'weekday';
  return 'date';
}

/** Within this many pixels of the bottom the list follows new messages; further up a pill offers them. */
const NEAR_BOTTOM_PX = 120;

function DayLabel({ day }: { day: string }) {
  const intl = useIntl();
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  const kind = dayLabelKind(day, new Date());
  const text =
    kind === 'today'
      ? intl.formatMessage({ id: 'chat.today' })
      : kind === 'yesterday'
        ? intl.formatMessage({ id: 'chat.yesterday' })
        : intl.formatDate(date, kind === 'weekday' ? { weekday: 'long' } : { dateStyle: 'long' });
  return (
    <li className="sticky top-2 z-10 my-3 flex justify-center">
      <span className="rounded-full bg-white/90 px-3 py-1 text-[13px] font-semibold text-muted shadow-sm ring-1 ring-line backdrop-blur">
        {text}
      </span>
    </li>
  );
}

function Status({ message, read }: { message: ThreadMessage; read: boolean }) {
  const intl = useIntl();
  if (message.pending) {
    if (message.failed) return null;
    return (
      <span className="inline-flex items-center gap-1" data-testid="message-sending">
        <Clock3 aria-hidden size={13} />
        {message.kind === 'photo' && message.progress !== undefined && message.progress < 1 ? (
          <FormattedMessage
            id="chat.uploading"
            values={{ percent_text: percentText(intl.locale, message.progress * 100) }}
          />
        ) : (
          <FormattedMessage id="chat.sending" />
        )}
      </span>
    );
  }
  return read ? (
    <span className="inline-flex items-center gap-0.5" data-testid="message-read">
      <CheckCheck aria-hidden size={15} />
      <span className="sr-only">
        <FormattedMessage id="chat.read" />
      </span>
    </span>
  ) : (
    <span className="inline-flex items-center" data-testid="message-delivered">
      <Check aria-hidden size={15} />
      <span className="sr-only">
        <FormattedMessage id="chat.delivered" />
      </span>
    </span>
  );
}

function Bubble(props: {
  message: ThreadMessage;
  profile: TChatProfile;
  read: boolean;
  onRetry(clientId: string): void;
  onDrop(clientId: string): void;
}) {
  const intl = useIntl();
  const { message } = props;
  const mine = message.mine;
  const time = intl.formatTime(new Date(message.created_at), { hour: '2-digit', minute: '2-digit' });
  const tone =
    message.kind === 'photo'
      ? 'overflow-hidden'
      : mine
        ? 'bg-primary px-4 py-2.5 text-white rounded-br-md'
        : 'bg-surface px-4 py-2.5 text-ink ring-1 ring-line/70 rounded-bl-md';
  return (
    <li
      className={`flex ${mine ? 'justify-end' : 'justify-start'}`}
      data-testid="message"
      data-mine={mine}
      data-kind={message.kind}
      data-pending={message.pending === true}
    >
      <div className={`max-w-[82%] sm:max-w-[70%] ${message.pending ? 'opacity-80' : ''}`}>
        <div className={`rounded-3xl ${tone}`}>
          {message.kind === 'text' && (
            <p
              className="whitespace-pre-wrap break-words text-[16px] leading-snug"
              data-testid="message-body"
            >
              {message.body}
            </p>
          )}
          {message.kind === 'photo' && message.photo && (
            <a href={message.photo.url} target="_blank" rel="noopener" className="block">
              <img
                src={message.photo.thumb_url}
                alt={intl.formatMessage(
                  { id: mine ? 'chat.photo_sent' : 'chat.photo_from' },
                  { name: props.profile.name },
                )}
                width={message.photo.width}
                height={message.photo.height}
                loading="lazy"
                className="max-h-80 w-56 rounded-3xl bg-surface object-cover ring-1 ring-line"
                data-testid="message-photo"
              />
            </a>
          )}
          {message.kind === 'gift' && message.gift && (
            <figure
              className="flex w-44 flex-col items-center gap-1 px-2 pb-2 pt-3"
              data-testid="message-gift"
            >
              <img
                src={message.gift.image_url}
                alt=""
                width={112}
                height={112}
                className="size-28 object-contain drop-shadow"
              />
              <figcaption className="text-center text-[15px] font-semibold">
                <FormattedMessage id="chat.gift_caption" values={{ gift: message.gift.name }} />
              </figcaption>
            </figure>
          )}
        </div>
        <div
          className={`mt-1 flex items-center gap-1.5 px-2 text-[12px] text-muted ${mine ? 'justify-end' : ''}`}
        >
          <time dateTime={message.created_at}>{time}</time>
          {mine && (
            <span className={props.read ? 'text-primary' : ''}>
              <Status message={message} read={props.read} />
            </span>
          )}
        </div>
        {message.pending && message.failed && (
          <div
            className="mt-1 flex flex-wrap items-center justify-end gap-1 text-[13px] text-danger"
            role="alert"
          >
            <AlertCircle aria-hidden size={14} />
            <span>
              {message.failed === 'network' ? <FormattedMessage id="chat.not_sent" /> : message.failed}
            </span>
            <button
              type="button"
              className="inline-flex min-h-9 items-center gap-1 rounded-full px-2 font-semibold underline"
              onClick={() => props.onRetry(message.client_id ?? '')}
            >
              <RotateCcw aria-hidden size={14} />
              <FormattedMessage id="chat.retry" />
            </button>
            <button
              type="button"
              className="inline-flex size-9 items-center justify-center rounded-full"
              aria-label={intl.formatMessage({ id: 'chat.discard' })}
              onClick={() => props.onDrop(message.client_id ?? '')}
            >
              <X aria-hidden size={14} />
            </button>
          </div>
        )}
      </div>
    </li>
  );
}

function keyOf(m: ThreadMessage): string {
  return m.client_id ? `c${m.client_id}` : `s${m.id}`;
}

/**
 * The messages grouped by day (C-02): older ones load when scrolling up while the view stays where it
 * was (C-07); new ones scroll into view when the member is at the bottom, otherwise a pill offers them.
 */
type MessageListProps = { thread: Thread; profile: TChatProfile; onIcebreakers?(): void };

/**
 * The messages are grouped and dated by the reader's own day and clock, which the server does not know:
 * the server's render, and hydration over it, show the list's frame; the messages follow at once.
 */
export function MessageList(props: MessageListProps) {
  return useHydrating() ? <div className="min-h-0 flex-1" aria-busy="true" /> : <Messages {...props} />;
}

function Messages(props: MessageListProps) {
  const { thread, profile } = props;
  const intl = useIntl();
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [pill, setPill] = useState(0);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const { messages, hasMoreBefore, loadingOlder, loadOlder } = thread;
  const first = messages[0] ? keyOf(messages[0]) : '';
  const last = messages.at(-1);
  const lastKey = last ? keyOf(last) : '';

  const toBottom = (smooth: boolean) => {
    const el = scroller.current;
    if (!el) return;
    const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollTo({ top: el.scrollHeight, behavior: smooth && !reduce ? 'smooth' : 'auto' });
    setPill(0);
  };

  // Older messages were put on top: keep the same message under the member's eyes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the first message changes
  useLayoutEffect(() => {
    const el = scroller.current;
    const saved = anchor.current;
    if (!el || !saved) return;
    el.scrollTop = saved.top + (el.scrollHeight - saved.height);
    anchor.current = null;
  }, [first]);

  // A new last message: follow it when at the bottom or when it is the member's own; the first page
  // opens at the bottom at once.
  const previousLast = useRef('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the last message changes
  useLayoutEffect(() => {
    const opening = previousLast.current === '';
    previousLast.current = lastKey;
    if (!last) return;
    if (opening) toBottom(false);
    else if (atBottom.current || last.mine) toBottom(true);
    else setPill((n) => n + 1);
  }, [lastKey]);

  // The typing dots appear at the bottom: keep them visible when following.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when typing starts
  useLayoutEffect(() => {
    if (thread.typing && atBottom.current) toBottom(true);
  }, [thread.typing]);

  const older = () => {
    const el = scroller.current;
    if (el) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    void loadOlder();
  };
  const olderRef = useRef(older);
  olderRef.current = older;

  useLayoutEffect(() => {
    const el = sentinel.current;
    const root = scroller.current;
    if (!el || !root || !hasMoreBefore) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !loadingOlder) olderRef.current();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasMoreBefore, loadingOlder]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (atBottom.current) setPill(0);
  };

  const groups = groupByDay(messages);
  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        className="h-full overflow-y-auto overscroll-contain"
        data-testid="message-scroller"
      >
        <div className="mx-auto flex min-h-full w-full max-w-3xl flex-col justify-end px-3 pb-3 pt-2 sm:px-5">
          {hasMoreBefore && (
            <div ref={sentinel} className="flex justify-center py-2">
              <button
                type="button"
                className="btn btn-ghost text-[14px]"
                disabled={loadingOlder}
                onClick={older}
              >
                <FormattedMessage id={loadingOlder ? 'chat.loading_older' : 'chat.load_older'} />
              </button>
            </div>
          )}
          {messages.length === 0 && !thread.typing && (
            <div
              className="my-auto flex flex-col items-center px-6 py-10 text-center"
              data-testid="chat-empty"
            >
              <p className="text-lg font-bold">
                <FormattedMessage id="chat.empty_chat_title" values={{ name: profile.name }} />
              </p>
              <p className="mt-1 max-w-xs text-muted">
                <FormattedMessage id="chat.empty_chat_body" />
              </p>
              {props.onIcebreakers && (
                <button type="button" className="btn btn-ghost mt-5" onClick={props.onIcebreakers}>
                  <Sparkles aria-hidden size={18} className="text-primary" />
                  <FormattedMessage id="chat.icebreaker_button" />
                </button>
              )}
            </div>
          )}
          <ol
            aria-label={intl.formatMessage({ id: 'chat.messages_with' }, { name: profile.name })}
            className="space-y-2"
            data-testid="messages"
          >
            {groups.map((g) => (
              <Fragment key={g.day}>
                <DayLabel day={g.day} />
                {g.items.map((m) => (
                  <Bubble
                    key={keyOf(m)}
                    message={m}
                    profile={profile}
                    read={m.mine && m.seq !== undefined && m.seq <= thread.otherReadSeq}
                    onRetry={thread.retryPhoto}
                    onDrop={thread.dropUpload}
                  />
                ))}
              </Fragment>
            ))}
          </ol>
          {thread.typing && <TypingDots name={profile.name} />}
        </div>
      </div>
      {pill > 0 && (
        <button
          type="button"
          onClick={() => toBottom(true)}
          className="absolute bottom-3 left-1/2 inline-flex min-h-11 -translate-x-1/2 items-center gap-2 rounded-full bg-ink px-4 text-[14px] font-semibold text-white shadow-lg"
          data-testid="new-messages-pill"
        >
          <ArrowDown aria-hidden size={16} />
          <FormattedMessage id="chat.new_messages" values={{ count: pill }} />
        </button>
      )}
    </div>
  );
}
