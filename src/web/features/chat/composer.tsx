import { Camera, Coins, Crown, Gift, Lock, SendHorizontal, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { CHAT, CHAT_ERRORS, type TChatProfile } from '../../../shared/contract/chat.ts';
import { PHOTO_UPLOAD } from '../../../shared/contract/photos.ts';
import { pathFor } from '../../../shared/routes.ts';
import { useBalance } from '../../api/balance.ts';
import { ApiError } from '../../api/client.ts';
import { Link } from '../../components/route-link.tsx';
import { useSite } from '../../site-context.tsx';
import { chatDraftFor, forgetSignupReason } from '../accounts/signup-reason.ts';
import { PremiumSheet } from '../credits/premium-sheet.tsx';
import { clearReturn, rememberReturn, returnFor } from '../credits/return-to.ts';
import { balanceNotice } from './balance.ts';
import { GiftPicker } from './gift-picker.tsx';
import { IcebreakerModal } from './icebreakers.tsx';
import { ResendActivationButton } from './resend-activation.tsx';
import type { Thread } from './use-thread.ts';

interface Refusal {
  code: string;
  message: string;
}

/** Where a refusal's button leads: buying credits (C-03) or going premium (C-04). */
function RefusalAlert({ refusal, onClose, onBuy }: { refusal: Refusal; onClose(): void; onBuy(): void }) {
  const intl = useIntl();
  const credits = pathFor('credits') ?? '/credits';
  const premium = pathFor('premium') ?? credits;
  const link =
    refusal.code === CHAT_ERRORS.insufficientCredits
      ? { to: credits, id: 'chat.buy_credits', icon: Coins }
      : refusal.code === CHAT_ERRORS.premiumOnly || refusal.code === CHAT_ERRORS.freeConversationLimit
        ? { to: premium, id: 'myphotos.go_premium', icon: Crown }
        : null;
  return (
    <div
      role="alert"
      className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl bg-secondary-soft px-4 py-2.5 text-[15px] font-medium text-on-secondary"
      data-testid="chat-refusal"
    >
      <span className="min-w-0 flex-1">{refusal.message}</span>
      {refusal.code === CHAT_ERRORS.senderUnconfirmed && (
        <ResendActivationButton className="btn btn-secondary min-h-10 px-4 py-1.5 text-[15px]" />
      )}
      {link && (
        <Link
          to={link.to}
          className="btn btn-secondary min-h-10 px-4 py-1.5 text-[15px]"
          data-testid="buy-credits"
          onClick={onBuy}
        >
          <link.icon aria-hidden size={16} />
          <FormattedMessage id={link.id} />
        </Link>
      )}
      <button
        type="button"
        onClick={onClose}
        className="text-[14px] underline"
        aria-label={intl.formatMessage({ id: 'common.close' })}
      >
        <FormattedMessage id="common.close" />
      </button>
    </div>
  );
}

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted transition-colors hover:bg-surface hover:text-primary disabled:opacity-50';

/**
 * The sticky footer of the chat (C-02, C-03): a growing text area limited to settings.message_length with a
 * live counter, what a message costs, photo and gift buttons and the icebreakers. Enter sends, Shift+Enter
 * is a new line. A refused message comes back into the text area with the reason (the text is kept).
 */
export function Composer(props: {
  thread: Thread;
  profile: TChatProfile;
  icebreakers: boolean;
  setIcebreakers(open: boolean): void;
}) {
  const { thread, profile, icebreakers, setIcebreakers } = props;
  // The balance's one home (the header reads the same); paid members send photos, for the others the
  // camera carries a lock and opens the premium sheet.
  const balance = useBalance();
  const credits = balance?.credits ?? 0;
  const paid = balance?.paid_user ?? false;
  const intl = useIntl();
  const { settings } = useSite();
  const { pathname } = useLocation();
  const [text, setText] = useState('');
  const [premiumSheet, setPremiumSheet] = useState(false);
  // Back from a purchase started here (Pay-04): the draft waits with a "Nu versturen" button.
  const [waiting, setWaiting] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [gifts, setGifts] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const counterId = useId();
  const costId = useId();
  const max = Math.min(settings.message_length, CHAT.maxBodyLength);

  // The first message drafted on the member's landing this visitor signed up from (L-08), once, after
  // hydration (the server's render has an empty composer).
  useEffect(() => {
    const draft = chatDraftFor(profile.id);
    if (draft) setText((current) => (current.trim() === '' ? draft : current));
  }, [profile.id]);

  // A purchase started from this chat came back: its draft in the text area, ready to send.
  useEffect(() => {
    const back = returnFor(pathname);
    if (!back) return;
    clearReturn();
    if (back.draft.trim() === '') return;
    setText((current) => (current.trim() === '' ? back.draft : current));
    setWaiting(true);
  }, [pathname]);

  /** Leaving to buy: remember this chat and what is typed (or was refused) for the way back. */
  const rememberHere = (draft = text) => rememberReturn({ path: pathname, name: profile.name, draft });

  // A refused message: its text back where it was typed (unless something new is being typed), and why.
  const { refused, discardRefused } = thread;
  useEffect(() => {
    if (!refused?.error) return;
    setRefusal(refused.error);
    if (refused.request.kind === 'text') {
      const body = refused.request.body;
      setText((current) => (current.trim() === '' ? body : current));
    }
    discardRefused(refused.client_id);
  }, [refused, discardRefused]);

  const submit = () => {
    const body = text.trim();
    if (body === '' || body.length > max) return;
    setRefusal(null);
    setWaiting(false);
    thread.sendText(body);
    forgetSignupReason(profile.id);
    setText('');
    area.current?.focus();
  };

  const onPhoto = async (f: File | undefined) => {
    if (!f) return;
    setRefusal(null);
    const err = await thread.sendPhoto(f);
    if (err instanceof ApiError && err.status < 500) setRefusal({ code: err.code, message: err.message });
  };

  if (!profile.available) {
    return (
      <footer className="border-t border-line bg-white px-4 py-4 pb-[calc(env(safe-area-inset-bottom)+1rem)]">
        <p className="mx-auto max-w-3xl text-center text-[15px] text-muted" data-testid="chat-unavailable">
          <FormattedMessage id="chat.unavailable" values={{ name: profile.name }} />
        </p>
      </footer>
    );
  }

  const cost = settings.message_credits;
  const notice = balanceNotice(credits, cost, paid);
  const creditsPath = pathFor('credits') ?? '/credits';
  return (
    <footer className="border-t border-line bg-white/95 px-2 pb-[calc(env(safe-area-inset-bottom)+0.5rem)] pt-2 backdrop-blur sm:px-4">
      <div className="mx-auto max-w-3xl">
        {refusal && (
          <RefusalAlert refusal={refusal} onClose={() => setRefusal(null)} onBuy={() => rememberHere()} />
        )}
        {waiting && text.trim() !== '' && !refusal && (
          <div
            role="status"
            className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl bg-primary-soft px-4 py-2.5 text-[15px] font-medium text-primary-strong"
            data-testid="draft-waiting"
          >
            <span className="min-w-0 flex-1">
              <FormattedMessage id="chat.draft_waiting" values={{ credits }} />
            </span>
            <button
              type="button"
              className="btn btn-primary min-h-10 px-4 py-1.5 text-[15px]"
              onClick={submit}
              data-testid="send-now"
            >
              <SendHorizontal aria-hidden size={16} />
              <FormattedMessage id="chat.send_now" />
            </button>
          </div>
        )}
        {notice && !refusal && !waiting && (
          <p
            className={`mb-2 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl px-4 py-2 text-[14px] font-medium ${
              notice.kind === 'out' ? 'bg-secondary-soft text-on-secondary' : 'bg-surface text-ink'
            }`}
            data-testid="balance-notice"
            data-kind={notice.kind}
          >
            <Coins aria-hidden size={16} className="shrink-0" />
            <span className="min-w-0 flex-1">
              {notice.kind === 'out' ? (
                <FormattedMessage id="credits.insufficient" />
              ) : (
                <FormattedMessage id="chat.low_balance" values={{ credits, messages: notice.messages }} />
              )}
            </span>
            <Link
              to={creditsPath}
              className="font-semibold underline"
              onClick={() => rememberHere()}
              data-testid="balance-buy"
            >
              <FormattedMessage id="chat.buy_credits" />
            </Link>
          </p>
        )}
        <form
          className="flex items-end gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {paid ? (
            <button
              type="button"
              className={iconButton}
              onClick={() => file.current?.click()}
              aria-label={intl.formatMessage({ id: 'chat.send_photo' }, { credits: settings.photo_credits })}
              title={intl.formatMessage({ id: 'chat.send_photo' }, { credits: settings.photo_credits })}
            >
              <Camera aria-hidden size={22} />
            </button>
          ) : (
            // Walls before the tap: a free member sees the lock and learns what premium gives before
            // anything is picked (the server refuses a free member's photo all the same).
            <button
              type="button"
              className={`${iconButton} relative`}
              onClick={() => setPremiumSheet(true)}
              aria-label={intl.formatMessage({ id: 'chat.send_photo_locked' })}
              title={intl.formatMessage({ id: 'chat.send_photo_locked' })}
              aria-haspopup="dialog"
              data-testid="chat-photo-locked"
            >
              <Camera aria-hidden size={22} />
              <Lock
                aria-hidden
                size={13}
                strokeWidth={2.75}
                className="absolute bottom-1.5 right-1.5 rounded-full bg-white p-px text-on-secondary"
              />
            </button>
          )}
          <input
            ref={file}
            type="file"
            accept={PHOTO_UPLOAD.accept.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            data-testid="chat-photo-input"
            onChange={(e) => {
              void onPhoto(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <button
            type="button"
            className={iconButton}
            onClick={() => setGifts(true)}
            aria-label={intl.formatMessage({ id: 'chat.send_gift' }, { credits: settings.gift_credits })}
            title={intl.formatMessage({ id: 'chat.send_gift' }, { credits: settings.gift_credits })}
          >
            <Gift aria-hidden size={22} />
          </button>
          <label className="min-w-0 flex-1">
            <span className="sr-only">
              <FormattedMessage id="chat.message_to" values={{ name: profile.name }} />
            </span>
            <textarea
              ref={area}
              value={text}
              maxLength={max}
              rows={1}
              enterKeyHint="send"
              aria-describedby={`${costId} ${counterId}`}
              placeholder={intl.formatMessage({ id: 'chat.placeholder' })}
              onChange={(e) => {
                setText(e.target.value);
                if (e.target.value) thread.onTyping();
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  submit();
                }
              }}
              className="block max-h-40 min-h-11 w-full resize-none rounded-3xl border border-line bg-surface px-4 py-2.5 text-base leading-snug [field-sizing:content] placeholder:text-muted focus:border-primary focus:bg-white focus:outline-none focus-visible:outline-2 focus-visible:outline-primary"
              data-testid="chat-input"
            />
          </label>
          <button
            type="submit"
            disabled={text.trim() === ''}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-white transition hover:bg-primary-strong disabled:bg-line disabled:text-muted"
            aria-label={intl.formatMessage({ id: 'chat.send' })}
          >
            <SendHorizontal aria-hidden size={20} />
          </button>
        </form>
        <div className="mt-1 flex items-center gap-3 px-2 text-[13px] text-muted">
          <button
            type="button"
            onClick={() => setIcebreakers(true)}
            className="inline-flex min-h-8 shrink-0 items-center gap-1 rounded-full font-semibold text-primary hover:underline"
          >
            <Sparkles aria-hidden size={14} />
            <FormattedMessage id="chat.icebreaker_button" />
          </button>
          <span id={costId} className="inline-flex min-w-0 items-center gap-1" data-testid="chat-cost">
            <Coins aria-hidden size={13} className="shrink-0" />
            <span className="truncate">
              {/* The balance stays in view at 390 px: phones get the short form of the cost (C-03). */}
              <span className="max-sm:hidden">
                <FormattedMessage id="chat.cost" values={{ cost }} />
              </span>
              <span className="sm:hidden">
                <FormattedMessage id="chat.cost_short" values={{ cost }} />
              </span>
              {' · '}
              <span data-testid="chat-balance">
                <FormattedMessage id="chat.balance" values={{ credits }} />
              </span>
            </span>
          </span>
          <span
            id={counterId}
            className={`ml-auto shrink-0 tabular-nums ${text.length >= max ? 'font-semibold text-danger' : ''}`}
            data-testid="chat-counter"
          >
            <span aria-hidden>
              {text.length}/{max}
            </span>
            <span className="sr-only">
              <FormattedMessage id="chat.counter" values={{ used: text.length, max }} />
            </span>
          </span>
        </div>
      </div>
      <GiftPicker
        open={gifts}
        onOpenChange={setGifts}
        name={profile.name}
        onPick={(gift) => {
          setGifts(false);
          setRefusal(null);
          thread.sendGift(gift);
        }}
      />
      <PremiumSheet
        open={premiumSheet}
        onOpenChange={setPremiumSheet}
        title="chat.photo_premium_title"
        onBuy={() => rememberHere()}
      />
      <IcebreakerModal
        open={icebreakers}
        otherGender={profile.gender ?? null}
        onOpenChange={setIcebreakers}
        onPick={(line) => {
          setIcebreakers(false);
          setText(line.slice(0, max));
          requestAnimationFrame(() => area.current?.focus());
        }}
      />
    </footer>
  );
}
