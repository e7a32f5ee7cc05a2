import { useMutation } from '@tanstack/react-query';
import { CircleCheck, Flag, MessageSquareWarning } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import {
  COMPLAINT_MESSAGE,
  COMPLAINT_TOPICS,
  type ComplaintTopic,
  type TComplaintRequest,
} from '../../../shared/contract/complaints.ts';
import { pathFor } from '../../../shared/routes.ts';
import { call } from '../../api/client.ts';
import { useMember } from '../../api/profiles.ts';
import { useUser } from '../../api/session.ts';
import {
  ChoiceField,
  FormAlert,
  FormMessage,
  looksLikeEmail,
  SubmitButton,
  TextField,
  useFormErrors,
  useFormRef,
} from '../../components/form.tsx';
import { Link } from '../../components/route-link.tsx';
import { useSite } from '../../site-context.tsx';
import { usePageTitle } from '../../use-page-title.ts';

/** One id per complaint, made by the form: sent twice (a double tap, a retry), it is stored once. */
const newClientId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

const memberParam = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

function Heading(props: { icon: ReactNode; id: string }) {
  return (
    <>
      {props.icon}
      <h1 className="mt-3 text-2xl font-extrabold tracking-tight sm:text-3xl">
        <FormattedMessage id={props.id} />
      </h1>
    </>
  );
}

/** /complaints (L-09): a complaint or a report of a profile, to the site's support by e-mail. */
export function ComplaintsPage() {
  const intl = useIntl();
  const { settings } = useSite();
  const { user } = useUser();
  const [params] = useSearchParams();
  const memberId = memberParam(params.get('member'));
  const member = useMember(memberId ?? 0, user?.id ?? null, memberId !== null);
  const memberName = member.data?.profile.name;
  const formRef = useFormRef();
  const errors = useFormErrors(formRef);
  const [clientId, setClientId] = useState(newClientId);
  const [name, setName] = useState(user?.profile.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [topic, setTopic] = useState<ComplaintTopic | undefined>(memberId ? 'profile' : undefined);
  const [message, setMessage] = useState('');
  const send = useMutation({
    mutationFn: (body: TComplaintRequest) => call('POST /api/complaints', { body }),
  });
  usePageTitle(intl.formatMessage({ id: 'complaints.title' }));
  const memberPath = memberId ? pathFor('members-id', { id: memberId }) : null;

  if (send.isSuccess) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <Heading
          icon={<CircleCheck aria-hidden size={40} className="text-primary" />}
          id="complaints.sent_title"
        />
        <FormAlert tone="ok">
          <span data-testid="complaint-reference">
            <FormattedMessage
              id="complaints.sent"
              values={{ reference: send.data.reference, email: send.variables.email }}
            />
          </span>
        </FormAlert>
        <p className="mt-6 flex flex-wrap gap-3">
          {memberPath && (
            <Link to={memberPath} className="btn btn-ghost">
              <FormattedMessage id="complaints.back_to_member" />
            </Link>
          )}
          <Link to="/" className="btn btn-primary">
            <FormattedMessage id="complaints.home" />
          </Link>
        </p>
      </div>
    );
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (send.isPending) return;
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = intl.formatMessage({ id: 'complaints.name_required' });
    if (!looksLikeEmail(email)) found.email = intl.formatMessage({ id: 'validation.email_invalid' });
    if (!topic) found.topic = intl.formatMessage({ id: 'complaints.topic_required' });
    if (message.trim().length < COMPLAINT_MESSAGE.min)
      found.message = intl.formatMessage({ id: 'complaints.message_short' });
    if (!topic || Object.keys(found).length > 0) return errors.fail(found);
    errors.clear();
    send.mutate(
      {
        client_id: clientId,
        name: name.trim(),
        email: email.trim().toLowerCase(),
        topic,
        member_id: topic === 'profile' ? memberId : null,
        message,
      },
      {
        onSuccess: () => setClientId(newClientId()),
        onError: (err) => errors.fromServer(err, ['name', 'email', 'topic', 'message']),
      },
    );
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <Heading
        icon={<MessageSquareWarning aria-hidden size={36} className="text-primary" />}
        id="complaints.title"
      />
      <p className="mt-2 text-muted">
        <FormattedMessage id="complaints.intro" values={{ site: settings.name }} />
      </p>
      {memberId && memberName && topic === 'profile' && (
        <p
          className="mt-4 flex items-center gap-2 rounded-xl bg-surface px-4 py-3"
          data-testid="reported-member"
        >
          <Flag aria-hidden size={18} className="shrink-0 text-danger" />
          <FormattedMessage id="complaints.member" values={{ name: memberName }} />
        </p>
      )}
      <form ref={formRef} onSubmit={submit} noValidate className="mt-6 space-y-5">
        <FormMessage message={errors.form} />
        <TextField
          label={<FormattedMessage id="complaints.name" />}
          autoComplete="name"
          maxLength={80}
          required
          value={name}
          {...errors.bind('name', setName)}
        />
        <TextField
          label={<FormattedMessage id="complaints.email" />}
          hint={<FormattedMessage id="complaints.email_hint" />}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={email}
          {...errors.bind('email', setEmail)}
        />
        <ChoiceField<ComplaintTopic>
          legend={<FormattedMessage id="complaints.topic_legend" />}
          options={COMPLAINT_TOPICS}
          value={topic}
          label={(o) => intl.formatMessage({ id: `complaints.topic.${o}` })}
          {...errors.bind('topic', (v: ComplaintTopic) => setTopic(v))}
        />
        <TextField
          label={<FormattedMessage id="complaints.message" />}
          hint={<FormattedMessage id="complaints.message_hint" values={{ min: COMPLAINT_MESSAGE.min }} />}
          multiline
          rows={6}
          required
          maxLength={COMPLAINT_MESSAGE.max}
          value={message}
          {...errors.bind('message', setMessage)}
        />
        <SubmitButton pending={send.isPending}>
          <FormattedMessage id="complaints.submit" />
        </SubmitButton>
      </form>
    </div>
  );
}
