import { Camera, Gift, MessagesSquare, Search, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { TChatListItem } from '../../../shared/contract/chat.ts';
import { pathFor, routePath } from '../../../shared/routes.ts';
import { RULES } from '../../../shared/rules.ts';
import { useChatList, useRemoveChat } from '../../api/chat.ts';
import { errorText } from '../../api/error-text.ts';
import { usePollWhileDown } from '../../api/realtime.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { ErrorAlert, FormAlert } from '../../components/form.tsx';
import { LoadMore } from '../../components/load-more.tsx';
import { Link } from '../../components/route-link.tsx';
import { OfflineOr } from '../../offline/offline-state.tsx';
import { ChatAvatar, FictionalMark, useShortTime } from './chat-parts.tsx';

// The conversation list (C-01, C-06): the page of its own on phones, the left pane on desktops (issue 27).

function Preview({ item }: { item: TChatListItem }) {
  const last = item.last_message;
  if (!last) return <FormattedMessage id="chat.no_messages_yet" />;
  const icon =
    last.kind === 'photo' ? (
      <Camera aria-hidden size={15} className="shrink-0" />
    ) : last.kind === 'gift' ? (
      <Gift aria-hidden size={15} className="shrink-0" />
    ) : null;
  return (
    <>
      {last.mine && (
        <span className="shrink-0">
          <FormattedMessage id="chat.you_prefix" />
        </span>
      )}
      {icon}
      <span className="truncate">
        {last.kind === 'text' ? (
          last.preview
        ) : (
          <FormattedMessage id={last.kind === 'photo' ? 'chat.preview_photo' : 'chat.preview_gift'} />
        )}
      </span>
    </>
  );
}

function ChatRow({
  item,
  current,
  onRemove,
}: {
  item: TChatListItem;
  current: boolean;
  onRemove(item: TChatListItem): void;
}) {
  const intl = useIntl();
  const time = useShortTime();
  const unread = item.num_unread_messages;
  const { profile } = item;
  return (
    <li className="group relative flex items-center gap-1 rounded-2xl transition-colors hover:bg-surface">
      <Link
        to={routePath('chats-id', { id: item.conversation.id })}
        // The open conversation, beside the list on desktops (issue 27).
        aria-current={current ? 'page' : undefined}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-2xl px-3 py-3 aria-[current=page]:bg-primary-soft"
        data-testid="chat-row"
      >
        <ChatAvatar profile={profile} size={56} />
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-1.5">
            <span
              className={`truncate text-[17px] ${unread > 0 ? 'font-extrabold text-unread' : 'font-semibold'}`}
            >
              {profile.name}
              {profile.age !== null && <span className="font-normal text-muted">, {profile.age}</span>}
            </span>
            {profile.fictional && <FictionalMark />}
            <time
              dateTime={item.last_activity_at}
              className={`ml-auto shrink-0 pl-2 text-[13px] ${unread > 0 ? 'font-semibold text-unread' : 'text-muted'}`}
            >
              {time(item.last_activity_at)}
            </time>
          </span>
          <span className="mt-0.5 flex items-center gap-2">
            <span
              className={`flex min-w-0 flex-1 items-center gap-1 text-[15px] ${unread > 0 ? 'font-semibold text-unread' : 'text-muted'}`}
            >
              <Preview item={item} />
            </span>
            {unread > 0 && (
              <span
                className="inline-flex h-6 min-w-6 shrink-0 items-center justify-center rounded-full bg-unread px-1.5 text-[13px] font-bold text-white"
                data-testid="chat-unread"
              >
                <span aria-hidden>{unread > RULES.badges.cap ? `${RULES.badges.cap}+` : unread}</span>
                <span className="sr-only">
                  <FormattedMessage id="chat.unread" values={{ count: unread }} />
                </span>
              </span>
            )}
          </span>
        </span>
      </Link>
      <button
        type="button"
        onClick={() => onRemove(item)}
        aria-label={intl.formatMessage({ id: 'chat.remove' }, { name: profile.name })}
        className="mr-1 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-white hover:text-danger focus-visible:opacity-100 md:opacity-0 md:group-hover:opacity-100"
      >
        <Trash2 aria-hidden size={18} />
      </button>
    </li>
  );
}

/** A quiet note in place of a list or a conversation: an icon, a title, a line, perhaps a next step. */
export function ChatNote(props: { testId: string; title: string; body: string; children?: ReactNode }) {
  return (
    <div
      className="mx-auto flex max-w-sm flex-col items-center px-6 py-16 text-center"
      data-testid={props.testId}
    >
      <span className="mb-5 inline-flex size-20 items-center justify-center rounded-3xl bg-primary-soft text-primary">
        <MessagesSquare aria-hidden size={38} />
      </span>
      <h2 className="text-xl font-bold">
        <FormattedMessage id={props.title} />
      </h2>
      <p className="mt-2 text-muted">
        <FormattedMessage id={props.body} />
      </p>
      {props.children}
    </div>
  );
}

function EmptyChats() {
  const members = pathFor('members');
  return (
    <ChatNote testId="chats-empty" title="chat.empty_title" body="chat.empty_body">
      {members && (
        <Link to={members} className="btn btn-primary mt-6 px-6">
          <Search aria-hidden size={18} />
          <FormattedMessage id="chat.browse_members" />
        </Link>
      )}
    </ChatNote>
  );
}

function ListSkeleton() {
  return (
    <ul aria-busy="true" className="space-y-1">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="flex items-center gap-3 px-3 py-3">
          <div className="size-14 animate-pulse rounded-full bg-surface" />
          <div className="flex-1 space-y-2">
            <div className="h-4 w-1/3 animate-pulse rounded-full bg-surface" />
            <div className="h-4 w-2/3 animate-pulse rounded-full bg-surface" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The member's conversations, newest activity first (C-01), with removal (C-06). `current` is the one open
 * beside it; removing that one goes back to the list alone.
 */
export function ChatList({ current }: { current: number | null }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const list = useChatList();
  const remove = useRemoveChat();
  const [confirm, setConfirm] = useState<TChatListItem | null>(null);
  // While the socket is down the list refreshes on the spec's refresh interval instead (P-06).
  const chats = list.data?.pages.flatMap((p) => p.chats) ?? [];
  usePollWhileDown(() => void list.refetch(), RULES.refresh.intervalMs);

  return (
    <>
      {remove.isError && (
        <div className="mx-3 mt-4">
          <FormAlert>
            <FormattedMessage id="chat.remove_failed" values={{ error: errorText(remove.error, intl) }} />
          </FormAlert>
        </div>
      )}
      <div className="mt-4">
        {list.isPending ? (
          <OfflineOr>
            <ListSkeleton />
          </OfflineOr>
        ) : list.isError && chats.length === 0 ? (
          <div className="mx-3">
            <ErrorAlert error={list.error} />
          </div>
        ) : chats.length === 0 ? (
          <EmptyChats />
        ) : (
          <ul aria-label={intl.formatMessage({ id: 'chat.title' })} data-testid="chat-list">
            {chats.map((item) => (
              <ChatRow
                key={item.conversation.id}
                item={item}
                current={item.conversation.id === current}
                onRemove={setConfirm}
              />
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <LoadMore busy={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} className="mt-4">
            <FormattedMessage id="chat.load_more_chats" />
          </LoadMore>
        )}
      </div>
      <ConfirmModal
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        title={<FormattedMessage id="chat.remove_title" values={{ name: confirm?.profile.name ?? '' }} />}
        description={<FormattedMessage id="chat.remove_body" />}
        danger
        confirm={<FormattedMessage id="chat.remove_confirm" />}
        onConfirm={() => {
          if (confirm) remove.mutate(confirm.conversation.id);
          const alone = pathFor('chats');
          if (confirm?.conversation.id === current && alone) void navigate(alone);
          setConfirm(null);
        }}
      />
    </>
  );
}
