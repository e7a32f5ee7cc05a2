import { Coins, Crown, Gift, MessageCircle, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TGift } from '../../../shared/contract/chat.ts';
import { CHAT_ERRORS } from '../../../shared/contract/constants.ts';
import { pathFor, routePath } from '../../../shared/routes.ts';
import { useSendGift } from '../../api/chat.ts';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../../api/error-text.ts';
import { FormAlert } from '../../components/form.tsx';
import { Link } from '../../components/route-link.tsx';
import { useSite } from '../../site-context.tsx';
import { loginPath } from '../accounts/redirect.ts';
import { signupAllowed } from '../accounts/shared.tsx';
import { messageAfterSignup } from '../accounts/signup-modal-store.ts';
import { rememberReturn } from '../credits/return-to.ts';
import { GiftPicker } from './gift-picker.tsx';
import { ResendActivationButton } from './resend-activation.tsx';

/**
 * The profile page's message and gift buttons (M-05, C-09, C-10). The message button opens or starts the
 * conversation; a gift is sent from here straight away. Visitors log in first.
 *
 * Items of the profile's action bar (a grid row beside the like button, issue 27): the buttons are grid
 * items; what a gift did (sent, refused) spans the row above them.
 */
export function ProfileChatActions({
  member,
  loggedIn,
}: {
  member: { id: number; name: string };
  loggedIn: boolean;
}) {
  const intl = useIntl();
  const { settings } = useSite();
  const send = useSendGift(member.id);
  const [picker, setPicker] = useState(false);
  // One client id per chosen gift: a retry after a failed network call cannot send it twice (C-12).
  const [chosen, setChosen] = useState<{ gift: TGift; clientId: string } | null>(null);
  const chatPath = routePath('members-id-chat', { id: member.id });

  if (!loggedIn) {
    // A visitor's message opens the like's signup sheet, which asks for the message and sends it once
    // the account is active (issue 27).
    if (pathFor('signup') && signupAllowed(settings))
      return (
        <button
          type="button"
          className="btn btn-ghost px-5"
          onClick={() => messageAfterSignup({ id: member.id, name: member.name })}
          data-testid="message-signup"
        >
          <MessageCircle aria-hidden size={20} />
          <FormattedMessage id="member.message" />
        </button>
      );
    return (
      <Link to={loginPath(chatPath)} className="btn btn-ghost px-5" data-testid="message-login">
        <MessageCircle aria-hidden size={20} />
        <FormattedMessage id="member.message" />
      </Link>
    );
  }

  const sendChosen = (c: { gift: TGift; clientId: string }) =>
    send.mutate({ client_id: c.clientId, gift_code: c.gift.code }, { onSuccess: () => setChosen(null) });
  const err = send.error;
  const code = err instanceof ApiError ? err.code : null;
  const transient = err !== null && !(err instanceof ApiError && err.status < 500);
  const credits = pathFor('credits') ?? '/credits';
  const premium = pathFor('premium') ?? credits;
  const sentTo = send.data?.message.conversation_id;

  return (
    <>
      <Link to={chatPath} className="btn btn-primary px-4 leading-tight md:px-6" data-testid="message-button">
        <MessageCircle aria-hidden size={20} className="shrink-0" />
        <FormattedMessage id="member.message" />
      </Link>
      <button
        type="button"
        className="btn btn-ghost max-xl:w-12 max-xl:px-0 xl:px-5"
        onClick={() => setPicker(true)}
        data-testid="gift-button"
      >
        <Gift aria-hidden size={20} />
        {/* Below xl only the icon beside the message button; screen readers still hear the name. */}
        <span className="max-xl:sr-only">
          <FormattedMessage id="member.gift" />
        </span>
      </button>
      {send.isSuccess && sentTo && (
        <p
          role="status"
          className="order-first col-span-full text-[15px] font-medium text-primary-strong"
          data-testid="gift-sent"
        >
          <FormattedMessage id="member.gift_sent" values={{ name: member.name }} />{' '}
          <Link to={routePath('chats-id', { id: sentTo })} className="underline">
            <FormattedMessage id="member.gift_to_chat" />
          </Link>
        </p>
      )}
      {send.isError && (
        <div className="order-first col-span-full">
          <FormAlert>
            <span>{errorText(err, intl)}</span>{' '}
            {code === CHAT_ERRORS.insufficientCredits && (
              <Link
                to={credits}
                className="ml-1 inline-flex items-center gap-1 font-semibold underline"
                onClick={() =>
                  rememberReturn({ path: window.location.pathname, name: member.name, draft: '' })
                }
              >
                <Coins aria-hidden size={14} />
                <FormattedMessage id="chat.buy_credits" />
              </Link>
            )}
            {code === CHAT_ERRORS.senderUnconfirmed && (
              <ResendActivationButton className="ml-1 inline-flex items-center gap-1 font-semibold underline" />
            )}
            {(code === CHAT_ERRORS.premiumOnly || code === CHAT_ERRORS.freeConversationLimit) && (
              <Link to={premium} className="ml-1 inline-flex items-center gap-1 font-semibold underline">
                <Crown aria-hidden size={14} />
                <FormattedMessage id="myphotos.go_premium" />
              </Link>
            )}
            {transient && chosen && (
              <button
                type="button"
                className="ml-1 inline-flex items-center gap-1 font-semibold underline"
                onClick={() => sendChosen(chosen)}
              >
                <RotateCcw aria-hidden size={14} />
                <FormattedMessage id="chat.retry" />
              </button>
            )}
          </FormAlert>
        </div>
      )}
      <GiftPicker
        open={picker}
        onOpenChange={setPicker}
        name={member.name}
        pending={send.isPending}
        onPick={(gift) => {
          const c = { gift, clientId: crypto.randomUUID() };
          setChosen(c);
          setPicker(false);
          sendChosen(c);
        }}
      />
    </>
  );
}
