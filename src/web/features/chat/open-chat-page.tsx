import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Coins, Crown, MessageCircleOff } from 'lucide-react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { CHAT_ERRORS } from '../../../shared/contract/chat.ts';
import { pathFor, routePath } from '../../../shared/routes.ts';
import { openChat } from '../../api/chat.ts';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../../api/error-text.ts';
import { Link } from '../../components/route-link.tsx';
import { OfflineOr } from '../../offline/offline-state.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { RequireLogin } from '../accounts/shared.tsx';
import { ChatSkeleton } from './chat-parts.tsx';
import { ResendActivationButton } from './resend-activation.tsx';

function parseId(raw: string | undefined): number {
  return /^\d{1,10}$/.test(raw ?? '') ? Number(raw) : 0;
}

function Opening({ memberId }: { memberId: number }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const open = useQuery({
    queryKey: ['chats', 'open', memberId],
    queryFn: () => openChat(memberId),
    enabled: memberId > 0,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 3,
    staleTime: 0,
    gcTime: 0,
  });
  const conversationId = open.data?.conversation.id;
  useEffect(() => {
    if (conversationId) void navigate(routePath('chats-id', { id: conversationId }), { replace: true });
  }, [conversationId, navigate]);

  if (memberId > 0 && !open.isError)
    return (
      <OfflineOr>
        <ChatSkeleton />
      </OfflineOr>
    );
  const err = open.error;
  const code = err instanceof ApiError ? err.code : null;
  const upgrade =
    code === CHAT_ERRORS.freeConversationLimit || code === CHAT_ERRORS.premiumOnly
      ? (pathFor('premium') ?? pathFor('credits'))
      : code === CHAT_ERRORS.insufficientCredits
        ? pathFor('credits')
        : null;
  const profile = memberId > 0 ? routePath('members-id', { id: memberId }) : pathFor('members');
  return (
    <div className="mx-auto flex h-full max-w-md flex-col items-center justify-center px-6 text-center">
      <span className="mb-4 inline-flex size-16 items-center justify-center rounded-2xl bg-secondary-soft text-on-secondary">
        {upgrade ? <Crown aria-hidden size={30} /> : <MessageCircleOff aria-hidden size={30} />}
      </span>
      <p role="alert" className="text-lg font-semibold" data-testid="open-chat-error">
        {err ? errorText(err, intl) : intl.formatMessage({ id: 'error.page_not_found' })}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {code === CHAT_ERRORS.senderUnconfirmed && <ResendActivationButton className="btn btn-secondary" />}
        {upgrade && (
          <Link to={upgrade} className="btn btn-secondary">
            <Coins aria-hidden size={18} />
            <FormattedMessage
              id={code === CHAT_ERRORS.insufficientCredits ? 'chat.buy_credits' : 'myphotos.go_premium'}
            />
          </Link>
        )}
        {profile && (
          <Link to={profile} className="btn btn-ghost">
            <ArrowLeft aria-hidden size={18} />
            <FormattedMessage id="chat.back_to_profile" />
          </Link>
        )}
      </div>
    </div>
  );
}

/** /members/:id/chat (C-10): opens or starts the conversation, then stands in its place as /chats/:id. */
export function OpenChatPage() {
  const intl = useIntl();
  const params = useParams();
  usePageTitle(intl.formatMessage({ id: 'chat.title' }));
  return <RequireLogin>{() => <Opening memberId={parseId(params.id)} />}</RequireLogin>;
}
