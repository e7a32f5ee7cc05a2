import { Heart, MessageCircle, UserRound } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import type { TUser } from '../../../shared/contract/accounts.ts';
import { pathFor } from '../../../shared/routes.ts';
import { useMember } from '../../api/profiles.ts';
import { Link } from '../../components/route-link.tsx';
import { imageUrl } from '../../images.ts';
import { OfflineOr } from '../../offline/offline-state.tsx';
import { useSite } from '../../site-context.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { PageSkeleton, RequireLogin } from '../accounts/shared.tsx';
import { NotFoundPage } from '../site/error-page.tsx';

function Portrait({ src, name, tilt }: { src: string | null; name: string; tilt: string }) {
  const intl = useIntl();
  const alt = intl.formatMessage({ id: 'profile.photo_of' }, { name });
  return src ? (
    <img
      src={src}
      alt={alt}
      width={360}
      height={480}
      className={`aspect-[3/4] w-36 rounded-2xl object-cover shadow-xl ring-4 ring-white sm:w-48 ${tilt}`}
    />
  ) : (
    <span
      role="img"
      aria-label={alt}
      className={`flex aspect-[3/4] w-36 items-center justify-center rounded-2xl bg-primary-soft shadow-xl ring-4 ring-white sm:w-48 ${tilt}`}
    >
      <UserRound aria-hidden size={48} className="text-primary/60" />
    </span>
  );
}

function Match({ user, id }: { user: TUser; id: number }) {
  const { settings } = useSite();
  const member = useMember(id, user.id);
  if (member.isPending)
    return (
      <OfflineOr>
        <PageSkeleton />
      </OfflineOr>
    );
  const p = member.data?.profile;
  if (!p) return <NotFoundPage />;
  const mutual = p.liked_by_me && p.likes_me;
  const mine = user.profile.main_image;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-10 text-center">
      <Heart aria-hidden size={40} className="fill-primary text-primary" />
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight">
        {mutual ? (
          <FormattedMessage id="match.title" />
        ) : (
          <FormattedMessage id="match.not_yet" values={{ name: p.name }} />
        )}
      </h1>
      <p className="mt-2 text-muted">
        {mutual ? (
          <FormattedMessage id="match.text" values={{ name: p.name }} />
        ) : (
          <FormattedMessage id="match.not_yet_text" />
        )}
      </p>
      <div className="my-8 flex items-center">
        <Portrait
          src={mine ? imageUrl(settings.cdn_prefix, mine.thumb_filename) : null}
          name={user.profile.name}
          tilt="-rotate-6"
        />
        <Link to={pathFor('members-id', { id }) ?? '#'} className="-ml-4 rotate-6 rounded-2xl">
          <Portrait
            src={p.main_image ? imageUrl(settings.cdn_prefix, p.main_image.thumb_filename) : null}
            name={p.name}
            tilt=""
          />
        </Link>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        {mutual && (
          <Link to={`/members/${id}/chat`} className="btn btn-primary min-h-12 px-6">
            <MessageCircle aria-hidden size={20} />
            <FormattedMessage id="match.start_chat" />
          </Link>
        )}
        <Link to={pathFor('members-id', { id }) ?? '#'} className="btn btn-ghost min-h-12 px-6">
          <UserRound aria-hidden size={20} />
          <FormattedMessage id="match.view_profile" />
        </Link>
      </div>
    </div>
  );
}

/** /likes/m/{id}: the match with one member, with the way into the chat (D-03, D-04). */
export function MatchPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'match.title' }));
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return <NotFoundPage />;
  return <RequireLogin>{(user) => <Match user={user} id={id} />}</RequireLogin>;
}
