import { MessageCircle, Pencil } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TextField } from '../../components/form.tsx';
import type { PendingLike } from './signup-modal-store.ts';
import { KEPT_MESSAGE_MAX, keepMessage, readSignupReason } from './signup-reason.ts';

/** What the visitor wrote to `member` before, in this browser: their draft comes back when they return. */
export function keptText(member: PendingLike): string {
  const reason = readSignupReason();
  return reason?.memberId === member.id ? reason.draft : '';
}

/**
 * The first part of the signup sheet after a visitor's "Bericht sturen" (issue 27): the message, kept in
 * this browser as it is typed, then "Verder" to the signup with the message waiting to go out.
 */
export function MessageCompose(props: { member: PendingLike; onDone(): void }) {
  const intl = useIntl();
  const { member } = props;
  const [text, setText] = useState(() => keptText(member));
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      className="space-y-5"
      data-testid="message-compose"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim() === '') {
          setError(intl.formatMessage({ id: 'signup.message_required' }, { name: member.name }));
          return;
        }
        keepMessage(member, text.trim(), true);
        props.onDone();
      }}
    >
      <TextField
        label={<FormattedMessage id="signup.message_to" values={{ name: member.name }} />}
        hint={<FormattedMessage id="signup.message_to_hint" values={{ name: member.name }} />}
        name="kept_message"
        multiline
        rows={4}
        maxLength={KEPT_MESSAGE_MAX}
        value={text}
        error={error}
        onChange={(value) => {
          setText(value);
          setError(undefined);
          // Kept as it is typed (as a draft: nothing goes out unless "Verder" asks for it).
          keepMessage(member, value, false);
        }}
      />
      <button type="submit" className="btn btn-primary w-full">
        <MessageCircle aria-hidden size={18} />
        <FormattedMessage id="signup.next" />
      </button>
    </form>
  );
}

/** Above the signup steps: the message that waits, and a way back to change it before the account exists. */
export function MessageKept(props: { member: PendingLike; signedUp: boolean; onEdit(): void }) {
  const { member } = props;
  const text = keptText(member);
  return (
    <div className="mb-4 rounded-2xl bg-primary-soft p-3" data-testid="message-pending">
      <p className="flex items-start gap-2 font-medium">
        <MessageCircle aria-hidden size={20} className="mt-0.5 shrink-0 text-primary" />
        <FormattedMessage
          id={props.signedUp ? 'signup.message_waits' : 'signup.message_kept'}
          values={{ name: member.name }}
        />
      </p>
      {text && (
        <blockquote className="mt-2 line-clamp-3 border-l-4 border-primary/40 pl-3 text-[15px] text-muted whitespace-pre-line">
          {text}
        </blockquote>
      )}
      {!props.signedUp && (
        <button type="button" className="btn btn-ghost mt-2 min-h-11 px-3 text-[15px]" onClick={props.onEdit}>
          <Pencil aria-hidden size={16} />
          <FormattedMessage id="signup.message_edit" />
        </button>
      )}
    </div>
  );
}
