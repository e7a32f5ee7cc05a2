import { useIntl } from 'react-intl';
import { usePageTitle } from '../../use-page-title.ts';
import { RequireLogin } from '../accounts/shared.tsx';
import { ChatPanes, PickConversation } from './chat-panes.tsx';

/**
 * /chats (C-01, C-06): the member's conversations, newest activity first; on a desktop with the pane where
 * the chosen conversation will open (issue 27).
 */
export function ChatsPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'chat.title' }));
  return (
    <RequireLogin>
      {() => (
        <ChatPanes current={null}>
          <PickConversation />
        </ChatPanes>
      )}
    </RequireLogin>
  );
}
