import { useQueryClient } from '@tanstack/react-query';
import { MessageCircle, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { matchRoute, routePath } from '../../../shared/routes.ts';
import { useUser } from '../../api/session.ts';
import { Link } from '../../components/route-link.tsx';
import { type KeptMessageResult, sendKeptMessage } from './kept-message.ts';
import { readSignupReason } from './signup-reason.ts';

/**
 * Sends the message a visitor wrote before having an account as soon as the account is active (issue 27),
 * wherever the member is: right after activation (the activation page) the chat with that member opens
 * with it; anywhere else a note says it went out. Mounted by the default layout for members.
 */
export default function KeptMessageNotice() {
  const intl = useIntl();
  const { user } = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [result, setResult] = useState<KeptMessageResult | null>(null);
  const confirmed = user?.status === 'confirmed';

  useEffect(() => {
    if (!confirmed || !readSignupReason()?.send) return;
    let live = true;
    void sendKeptMessage(queryClient).then((r) => {
      if (!live || !r) return;
      // Just activated: the chat with the member this all began with is the next page.
      if (r.kind === 'sent' && matchRoute(location.pathname) === 'activate-done') {
        void navigate(routePath('chats-id', { id: r.conversationId }), { replace: true });
        return;
      }
      setResult(r);
    });
    return () => {
      live = false;
    };
  }, [confirmed, queryClient, navigate]);

  // The note goes once the member is in that chat, or moves on.
  const chat =
    result?.kind === 'sent'
      ? routePath('chats-id', { id: result.conversationId })
      : result
        ? routePath('members-id-chat', { id: result.memberId })
        : null;
  useEffect(() => {
    if (chat && pathname === chat) setResult(null);
  }, [chat, pathname]);

  return (
    <div role="status" aria-live="polite">
      {result && (
        <div
          className="fixed inset-x-0 bottom-[calc(var(--tabbar-h,0px)+1rem)] z-[55] mx-auto flex w-fit max-w-toast items-start gap-2 rounded-xl bg-unread px-4 py-3 text-sm text-white shadow-lg"
          data-testid="kept-message-notice"
        >
          <MessageCircle aria-hidden size={18} className="mt-0.5 shrink-0" />
          <p className="min-w-0">
            {result.kind === 'sent' ? (
              <FormattedMessage id="signup.message_sent" values={{ name: result.name }} />
            ) : (
              result.message
            )}{' '}
            {chat && (
              <Link to={chat} className="font-semibold underline">
                <FormattedMessage id="member.gift_to_chat" />
              </Link>
            )}
          </p>
          <button
            type="button"
            className="-my-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg"
            onClick={() => setResult(null)}
            aria-label={intl.formatMessage({ id: 'common.close' })}
          >
            <X aria-hidden size={18} />
          </button>
        </div>
      )}
    </div>
  );
}
