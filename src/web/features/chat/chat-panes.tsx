import { MapPin, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TChatProfile } from '../../../shared/contract/chat.ts';
import { routePath } from '../../../shared/routes.ts';
import { chatListKey } from '../../api/chat.ts';
import { Link } from '../../components/route-link.tsx';
import { useMediaQuery } from '../../components/use-media-query.ts';
import { LastUpdated } from '../../offline/offline-state.tsx';
import { ChatList, ChatNote } from './chat-list.tsx';
import { FictionalMark } from './chat-parts.tsx';

/** The `lg` breakpoint of styles.css (spec §9: 992 px), from which the chat has two panes. */
const WIDE = '(min-width: 992px)';

/**
 * The chat's panes (C-01, C-02, issue 27). Phones and tablets keep two pages: the list at /chats, the
 * conversation at /chats/:id. From lg on both are one screen: the list on the left (the open conversation
 * marked), `children` on the right: the conversation, or at /chats a note to pick one. CSS alone decides
 * which pane shows, so the server's render and the browser's agree at every width; beside a conversation
 * the list is only asked for on a wide screen, where it shows.
 */
export function ChatPanes({ current, children }: { current: number | null; children: ReactNode }) {
  const wide = useMediaQuery(WIDE);
  const alone = current === null;
  const Heading = alone ? 'h1' : 'h2';
  return (
    <div
      className={`lg:mx-auto lg:flex lg:max-w-7xl lg:border-x lg:border-line ${
        alone ? 'lg:h-[calc(100dvh-4rem)]' : 'flex h-full'
      }`}
    >
      <section
        aria-labelledby="chat-list-title"
        className={`min-h-0 lg:flex lg:w-[22rem] lg:shrink-0 lg:flex-col lg:border-r lg:border-line lg:px-2 ${
          alone ? 'mx-auto max-w-2xl px-2 py-5 sm:px-4 sm:py-8 lg:mx-0 lg:max-w-none lg:py-0' : 'hidden'
        }`}
        data-testid="chat-list-pane"
      >
        <Heading
          id="chat-list-title"
          className="px-3 text-2xl font-extrabold tracking-tight sm:text-3xl lg:pt-5 lg:text-2xl"
        >
          <FormattedMessage id="chat.title" />
        </Heading>
        <div className="px-3">
          <LastUpdated queryKey={chatListKey} />
        </div>
        <div className="lg:min-h-0 lg:flex-1 lg:overflow-y-auto lg:pb-4">
          {(alone || wide) && <ChatList current={current} />}
        </div>
      </section>
      <div className={`min-w-0 flex-1 flex-col ${alone ? 'hidden lg:flex' : 'flex'}`}>{children}</div>
    </div>
  );
}

/** The right pane at /chats on a desktop: nothing open yet, so say how to start (issue 27). */
export function PickConversation() {
  return (
    <div className="flex flex-1 flex-col justify-center bg-surface">
      <ChatNote testId="chat-pick" title="chat.pick_title" body="chat.pick_body" />
    </div>
  );
}

/**
 * Who the conversation is with, beside it on wide desktops (issue 27): photo, name, age, city and the way
 * to the profile. Narrower screens have the same in the conversation's top bar.
 */
export function ProfilePeek({ profile }: { profile: TChatProfile }) {
  const intl = useIntl();
  return (
    <section
      aria-labelledby="chat-peek-name"
      className="hidden w-72 shrink-0 flex-col overflow-y-auto border-l border-line bg-white p-5 xl:flex"
      data-testid="profile-peek"
    >
      <div className="aspect-[3/4] overflow-hidden rounded-2xl bg-surface">
        {profile.thumb_url ? (
          <img
            src={profile.thumb_url}
            alt={intl.formatMessage({ id: 'profile.photo_of' }, { name: profile.name })}
            width={360}
            height={480}
            className="size-full object-cover"
          />
        ) : (
          <span className="flex size-full items-center justify-center bg-primary-soft text-primary">
            <UserRound aria-hidden size={64} />
          </span>
        )}
      </div>
      <h2 id="chat-peek-name" className="mt-4 flex items-center gap-2 text-xl font-bold">
        <span className="min-w-0 break-words">
          {profile.name}
          {profile.age !== null && `, ${profile.age}`}
        </span>
        {profile.fictional && <FictionalMark size={18} />}
      </h2>
      {profile.city && (
        <p className="mt-1 inline-flex items-center gap-1.5 text-[15px] text-muted">
          <MapPin aria-hidden size={16} />
          {profile.city}
        </p>
      )}
      {profile.online && (
        <p className="mt-1 inline-flex items-center gap-2 text-[15px] font-semibold text-emerald-700">
          <span aria-hidden className="size-2.5 rounded-full bg-emerald-500" />
          <FormattedMessage id="member.online_now" />
        </p>
      )}
      {profile.available && (
        <Link to={routePath('members-id', { id: profile.id })} className="btn btn-ghost mt-5">
          <UserRound aria-hidden size={18} />
          <FormattedMessage id="chat.peek_profile" />
        </Link>
      )}
    </section>
  );
}
