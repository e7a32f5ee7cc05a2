import { Heart, MessageCircle, UserRound } from 'lucide-react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { pathFor } from '../../../shared/routes.ts';
import { FictionalIcon } from '../../components/fictional-icon.tsx';
import { NativeDialog } from '../../components/modal-dialog.tsx';
import { Link } from '../../components/route-link.tsx';
import { useMediaQuery } from '../../components/use-media-query.ts';
import { useSite } from '../../site-context.tsx';

export interface ModalPerson {
  id?: number;
  name: string;
  thumb_url: string | null;
  /** A fictional profile wears the site's mark here too (M-08). */
  fictional?: boolean;
}

function Photo({ person, className = '' }: { person: ModalPerson; className?: string }) {
  const { settings } = useSite();
  if (!person.fictional) return <PlainPhoto person={person} className={className} />;
  return (
    <span className={`relative block ${className}`}>
      <PlainPhoto person={person} />
      <span
        className="absolute right-2 top-2 inline-flex size-8 items-center justify-center rounded-full bg-black/55 text-white"
        title={settings.fictional_singular}
        data-testid="match-modal-fictional"
      >
        <FictionalIcon size={16} />
        <span className="sr-only">{settings.fictional_singular}</span>
      </span>
    </span>
  );
}

function PlainPhoto({ person, className = '' }: { person: ModalPerson; className?: string }) {
  const intl = useIntl();
  return person.thumb_url ? (
    <img
      src={person.thumb_url}
      alt={intl.formatMessage({ id: 'profile.photo_of' }, { name: person.name })}
      width={360}
      height={480}
      className={`aspect-[3/4] w-32 rounded-2xl object-cover shadow-2xl ring-4 ring-white sm:w-44 ${className}`}
    />
  ) : (
    <span
      role="img"
      aria-label={intl.formatMessage({ id: 'profile.photo_of' }, { name: person.name })}
      className={`flex aspect-[3/4] w-32 items-center justify-center rounded-2xl bg-primary-soft shadow-2xl ring-4 ring-white sm:w-44 ${className}`}
    >
      <UserRound aria-hidden size={48} className="text-primary/60" />
    </span>
  );
}

/**
 * The full-screen match / new-like modal (D-04): both photos, a click anywhere closes it. A click on
 * the other member's photo opens their profile and a click on the button starts the chat: two separate
 * events (`onPhoto`, `onButton`), each also closing the modal. A native modal `<dialog>`, so it opens above
 * a dialog that is already open (the time-bonus popup, say).
 */
export function MatchModal(props: {
  kind: 'match' | 'like';
  member: ModalPerson & { id: number };
  me: ModalPerson;
  onClose(): void;
  onPhoto?(): void;
  onButton?(): void;
}) {
  const { kind, member, me } = props;
  const profile = pathFor('members-id', { id: member.id }) ?? '#';
  // The chat helper's route; a plain link until the chat exists.
  const chat = `/members/${member.id}/chat`;
  const titleId = useId();
  const descriptionId = useId();
  // A coarse pointer only (a phone or tablet): "tik", not "klik".
  const touch = useMediaQuery('(pointer: coarse) and (not (any-pointer: fine))');
  return (
    <NativeDialog
      onDismiss={props.onClose}
      closeOnClick
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="m-0 size-full max-h-none max-w-none overflow-y-auto overscroll-contain bg-gradient-to-br from-primary-strong/95 via-primary/95 to-ink/95 p-0 text-center text-white outline-none backdrop:bg-transparent"
      data-testid="match-modal"
    >
      <div className="flex min-h-full flex-col items-center justify-center gap-6 p-6">
        <Heart aria-hidden size={44} className="fill-white/90 text-white/90 motion-safe:animate-pulse" />
        <h2 id={titleId} className="text-3xl font-extrabold tracking-tight sm:text-4xl">
          {kind === 'match' ? (
            <FormattedMessage id="match.title" />
          ) : (
            <FormattedMessage id="match.like_title" values={{ name: member.name }} />
          )}
        </h2>
        <p id={descriptionId} className="max-w-sm text-lg text-white/90">
          {kind === 'match' ? (
            <FormattedMessage id="match.text" values={{ name: member.name }} />
          ) : (
            <FormattedMessage id="match.like_text" />
          )}
        </p>
        <div className="flex items-center justify-center">
          {kind === 'match' && <Photo person={me} className="-rotate-6" />}
          <Link
            to={profile}
            onClick={props.onPhoto}
            className={`rounded-2xl ${kind === 'match' ? '-ml-4 rotate-6' : ''}`}
            data-testid="match-modal-photo"
          >
            <Photo person={member} />
          </Link>
        </div>
        <Link
          to={kind === 'match' ? chat : profile}
          onClick={props.onButton}
          className="btn min-h-12 rounded-full bg-white px-6 text-base font-bold text-primary-strong shadow-lg hover:bg-white/90"
          data-testid="match-modal-button"
        >
          {kind === 'match' ? <MessageCircle aria-hidden size={20} /> : <Heart aria-hidden size={20} />}
          {kind === 'match' ? (
            <FormattedMessage id="match.start_chat" />
          ) : (
            <FormattedMessage id="match.view_profile" />
          )}
        </Link>
        <p className="text-sm text-white/75">
          {/* A touch screen is tapped, not clicked (issue 27). */}
          <FormattedMessage id={touch ? 'match.close_hint_touch' : 'match.close_hint'} />
        </p>
      </div>
    </NativeDialog>
  );
}
