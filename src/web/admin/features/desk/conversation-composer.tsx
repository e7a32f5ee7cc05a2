// The desk's composer (O-05): the answer box with gifts, photos, openers and the typing signal.
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type {
  TDeskAnswerRequest,
  TDeskMessage,
  TDeskViewResponse,
} from '../../../../shared/contract/admin-desk.ts';
import type { TGift } from '../../../../shared/contract/chat.ts';
import type { Locale } from '../../../../shared/i18n/locales.ts';
import { adminCall, adminFetch } from '../../api.ts';
import { useAdminLocale } from '../../i18n.tsx';

export const viewKey = (id: number) => ['admin', 'desk', 'view', id] as const;
/** While the operator types, the member sees it; a pause this long ends it. */
const TYPING_IDLE_MS = 4_000;
const TYPING_REPEAT_MS = 3_000;

const newClientId = () => crypto.randomUUID();

export function Composer(props: {
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
      adminCall('GET /api/admin/desk/openers', {
        query: { locale: conversation.locale as Locale, site: String(conversation.site.id) },
      }),
    staleTime: 60_000,
  });

  const activity = (typing: boolean) =>
    adminCall('POST /api/admin/desk/:conversationId/activity', {
      params: { conversationId: id },
      body: { typing },
    }).catch(() => undefined);

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
      const result = await adminCall('POST /api/admin/desk/:conversationId/messages', {
        params: { conversationId: id },
        body: answer,
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
