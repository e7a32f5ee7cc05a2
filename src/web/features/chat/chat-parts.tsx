import { UserRound } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TChatProfile } from '../../../shared/contract/chat.ts';
import { FictionalIcon } from '../../components/fictional-icon.tsx';
import { useHydrating } from '../../components/use-media-query.ts';
import { useSite } from '../../site-context.tsx';

/** A round profile photo with the online dot; a soft placeholder without a photo. */
export function ChatAvatar({ profile, size = 48 }: { profile: TChatProfile; size?: number }) {
  const intl = useIntl();
  return (
    <span className="relative inline-flex shrink-0" style={{ width: size, height: size }}>
      {profile.thumb_url ? (
        <img
          src={profile.thumb_url}
          alt={intl.formatMessage({ id: 'profile.photo_of' }, { name: profile.name })}
          width={size}
          height={size}
          loading="lazy"
          className="size-full rounded-full bg-surface object-cover"
        />
      ) : (
        <span className="flex size-full items-center justify-center rounded-full bg-primary-soft text-primary">
          <UserRound aria-hidden size={size / 2} />
        </span>
      )}
      {profile.online && (
        <span
          aria-hidden
          className="absolute bottom-0 right-0 size-3.5 rounded-full border-2 border-white bg-emerald-500"
        />
      )}
    </span>
  );
}

/** The fictional marker with its words for screen readers and as a tooltip (M-08). */
export function FictionalMark({ size = 16 }: { size?: number }) {
  const { settings } = useSite();
  return (
    <span title={settings.fictional_singular} className="inline-flex shrink-0 text-secondary">
      <FictionalIcon size={size} />
      <span className="sr-only">{settings.fictional_singular}</span>
    </span>
  );
}

/** Placeholder of the chat page while its messages load: top bar, a few bubbles, the composer. */
export function ChatSkeleton() {
  return (
    <div className="flex h-full flex-col" aria-busy="true">
      <div className="flex h-16 items-center gap-3 border-b border-line px-4">
        <div className="size-10 animate-pulse rounded-full bg-surface" />
        <div className="h-5 w-32 animate-pulse rounded-full bg-surface" />
      </div>
      <div className="mx-auto w-full max-w-3xl flex-1 space-y-3 px-4 py-6">
        <div className="h-10 w-1/2 animate-pulse rounded-2xl bg-surface" />
        <div className="ml-auto h-10 w-2/5 animate-pulse rounded-2xl bg-primary-soft" />
        <div className="h-16 w-3/5 animate-pulse rounded-2xl bg-surface" />
      </div>
      <div className="h-20 border-t border-line" />
    </div>
  );
}

/** A time of day for today's messages, a short date for older ones (chat list). */
export function useShortTime() {
  const intl = useIntl();
  // The server knows neither the reader's clock nor their time zone: the times follow hydration.
  const hydrating = useHydrating();
  return (iso: string) => {
    if (hydrating) return '';
    const d = new Date(iso);
    const now = new Date();
    if (d.toDateString() === now.toDateString()) {
      return intl.formatTime(d, { hour: '2-digit', minute: '2-digit' });
    }
    const week = now.getTime() - d.getTime() < 6 * 86_400_000;
    return intl.formatDate(d, week ? { weekday: 'short' } : { day: 'numeric', month: 'short' });
  };
}

/** The other member is typing: three bouncing dots, and the words for screen readers. */
export function TypingDots({ name }: { name: string }) {
  return (
    <div className="flex justify-start px-1 pb-1" data-testid="typing">
      <span className="inline-flex items-center gap-1 rounded-3xl rounded-bl-md bg-surface px-4 py-3 ring-1 ring-line/70">
        <span className="sr-only">
          <FormattedMessage id="chat.typing" values={{ name }} />
        </span>
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            aria-hidden
            className="size-2 animate-bounce rounded-full bg-muted/70"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </span>
    </div>
  );
}
