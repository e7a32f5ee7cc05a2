import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import type { TUser } from '../../../shared/contract/accounts.ts';
import type { TChatMessage, TChatProfile } from '../../../shared/contract/chat.ts';
import { pathFor, routePath } from '../../../shared/routes.ts';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../../api/error-text.ts';
import { useRealtimeStatus } from '../../api/realtime.ts';
import { FictionalIcon } from '../../components/fictional-icon.tsx';
import { Link } from '../../components/route-link.tsx';
import { OfflineOr } from '../../offline/offline-state.tsx';
import { useSite } from '../../site-context.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { RequireLogin } from '../accounts/shared.tsx';
import { ErrorView } from '../site/error-page.tsx';
import { ChatPanes, ProfilePeek } from './chat-panes.tsx';
import { ChatAvatar, ChatSkeleton, FictionalMark } from './chat-parts.tsx';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { useThread } from './use-thread.ts';

function TopBar({ profile }: { profile: TChatProfile }) {
  const intl = useIntl();
  const chats = pathFor('chats');
  const name = (
    <>
      <ChatAvatar profile={profile} size={40} />
      <span className="min-w-0">
        <span className="flex items-center gap-1.5">
          <span className="truncate text-[17px] font-bold" data-testid="chat-name">
            {profile.name}
            {profile.age !== null && <span className="font-normal text-muted">, {profile.age}</span>}
          </span>
          {profile.fictional && <FictionalMark />}
        </span>
        {profile.online ? (
          <span className="block text-[13px] font-medium text-emerald-700">
            <FormattedMessage id="member.online_now" />
          </span>
        ) : (
          profile.city && <span className="block truncate text-[13px] text-muted">{profile.city}</span>
        )}
      </span>
    </>
  );
  return (
    <header className="flex h-16 shrink-0 items-center gap-1 border-b border-line bg-white px-2 pt-[env(safe-area-inset-top)] sm:px-4">
      {chats && (
        // Desktops have the list beside the conversation (issue 27): no way back needed there.
        <Link
          to={chats}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-surface lg:hidden"
          aria-label={intl.formatMessage({ id: 'chat.back' })}
        >
          <ArrowLeft aria-hidden size={22} />
        </Link>
      )}
      {profile.available ? (
        <Link
          to={routePath('members-id', { id: profile.id })}
          className="flex min-w-0 items-center gap-3 rounded-full py-1 pr-3 hover:bg-surface"
          aria-label={intl.formatMessage({ id: 'chat.view_profile' }, { name: profile.name })}
          data-testid="chat-profile-link"
        >
          {name}
        </Link>
      ) : (
        <span className="flex min-w-0 items-center gap-3 py-1 pr-3">{name}</span>
      )}
    </header>
  );
}

/** The spoken line for a message that just arrived (the live region of UX.md). */
function announcement(intl: ReturnType<typeof useIntl>, message: TChatMessage, name: string): string {
  if (message.kind === 'text') {
    return intl.formatMessage({ id: 'chat.announce_text' }, { name, text: message.body ?? '' });
  }
  return intl.formatMessage(
    { id: message.kind === 'photo' ? 'chat.announce_photo' : 'chat.announce_gift' },
    { name },
  );
}

/**
 * The layout viewport does not shrink for the on-screen keyboard on every phone: follow the visual viewport
 * so the composer stays above the keyboard.
 */
function useVisualHeight(): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const vv = window.visualViewport;
    if (!vv) return;
    const update = () => setHeight(vv.height < window.innerHeight - 1 ? vv.height : null);
    vv.addEventListener('resize', update);
    return () => vv.removeEventListener('resize', update);
  }, []);
  return height;
}

function Chat({ id, user }: { id: number; user: TUser }) {
  const intl = useIntl();
  const { settings } = useSite();
  const thread = useThread(id, user.id);
  const height = useVisualHeight();
  // On the page for the journeys (and a look in the inspector): whether live events can arrive.
  const realtimeStatus = useRealtimeStatus();
  const profile = thread.query.data?.profile;
  usePageTitle(
    profile?.name ??
      intl.formatMessage({ id: thread.query.isError && !profile ? 'chat.gone_title' : 'chat.title' }),
  );
  const [spoken, setSpoken] = useState('');
  const [icebreakers, setIcebreakers] = useState(false);
  const { incoming } = thread;
  useEffect(() => {
    if (incoming && profile) setSpoken(announcement(intl, incoming.message, profile.name));
  }, [incoming, profile, intl]);

  if (thread.query.isError && !profile) {
    const err = thread.query.error;
    const status = err instanceof ApiError ? err.status : 500;
    // Issue 27: a chat that is gone (or never was) says so and leads back to the chats.
    return status === 404 ? (
      <ErrorView
        status={404}
        message={null}
        title={intl.formatMessage({ id: 'chat.gone_title' })}
        body={intl.formatMessage({ id: 'chat.gone_body' })}
        action={{ to: routePath('chats'), label: intl.formatMessage({ id: 'chat.back_to_chats' }) }}
      />
    ) : (
      <ErrorView status={status} message={errorText(err, intl)} />
    );
  }
  if (!profile)
    return (
      <OfflineOr>
        <ChatSkeleton />
      </OfflineOr>
    );
  return (
    <div
      className="flex h-full bg-white"
      style={height ? { height } : undefined}
      data-testid="chat"
      data-realtime={realtimeStatus}
    >
      <div className="flex min-w-0 flex-1 flex-col">
        {/* The page's main heading (issue 27): the bar shows the name, screen readers hear whose chat it is. */}
        <h1 className="sr-only">
          <FormattedMessage id="chat.heading" values={{ name: profile.name }} />
        </h1>
        <TopBar profile={profile} />
        {profile.fictional && (
          <p
            className="flex shrink-0 items-start gap-2 border-b border-secondary/30 bg-secondary-soft px-4 py-2 text-[14px] text-on-secondary"
            data-testid="chat-fictional-notice"
          >
            <FictionalIcon size={18} className="mt-px shrink-0" />
            <span>{settings.fictional_warning}</span>
          </p>
        )}
        <MessageList
          thread={thread}
          profile={profile}
          onIcebreakers={profile.available ? () => setIcebreakers(true) : undefined}
        />
        <Composer
          thread={thread}
          profile={profile}
          icebreakers={icebreakers}
          setIcebreakers={setIcebreakers}
        />
        <div className="sr-only" role="status" aria-live="polite" data-testid="chat-live">
          {spoken}
        </div>
      </div>
      <ProfilePeek profile={profile} />
    </div>
  );
}

/**
 * /chats/:id (C-02, C-05, C-07, C-11, C-12), in the chat layout; on a desktop beside the list (issue 27),
 * which stays as another conversation is chosen: only the conversation itself starts anew.
 */
export function ChatPage() {
  const params = useParams();
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : 0;
  if (id < 1) return <ErrorView status={404} message={null} />;
  return (
    <RequireLogin>
      {(user) => (
        <ChatPanes current={id}>
          <Chat key={id} id={id} user={user} />
        </ChatPanes>
      )}
    </RequireLogin>
  );
}
