import { ArrowLeft, Search, UserX } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { pathFor } from '../../../shared/routes.ts';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../../api/error-text.ts';
import { useMember } from '../../api/profiles.ts';
import { useUser } from '../../api/session.ts';
import { MemberCardSkeleton } from '../../components/member-card.tsx';
import { Link } from '../../components/route-link.tsx';
import { OfflineOr } from '../../offline/offline-state.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { ErrorView } from '../site/error-page.tsx';
import { Profile } from './member-profile.tsx';

function ProfileSkeleton() {
  return (
    <div className="grid gap-5 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:gap-10" aria-busy="true">
      <div className="-mx-4 aspect-[4/5] animate-pulse bg-surface md:mx-0 md:aspect-[3/4] md:rounded-3xl" />
      <div className="animate-pulse space-y-4">
        <div className="h-5 w-1/2 rounded-full bg-surface" />
        <div className="h-11 w-2/3 rounded-full bg-surface" />
        <div className="h-28 rounded-2xl bg-surface" />
        <div className="grid grid-cols-3 gap-3 pt-6">
          <MemberCardSkeleton />
          <MemberCardSkeleton />
          <MemberCardSkeleton />
        </div>
      </div>
    </div>
  );
}

/** A member who does not exist (any more): say so kindly and offer the search (M-05, issue 11). */
function MemberNotFound() {
  const search = pathFor('members');
  return (
    <div
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center"
      data-testid="member-not-found"
    >
      <UserX aria-hidden size={48} className="text-primary" />
      <h1 className="mt-4 text-2xl font-bold">
        <FormattedMessage id="member.not_found_title" />
      </h1>
      <p className="mt-3 text-muted">
        <FormattedMessage id="member.not_found_body" />
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        {search && (
          <Link to={search} className="btn btn-primary">
            <Search aria-hidden size={18} />
            <FormattedMessage id="member.not_found_search" />
          </Link>
        )}
        <Link to="/" className="btn btn-ghost">
          <FormattedMessage id="error.home" />
        </Link>
      </div>
    </div>
  );
}

/** /members/:id (M-05, M-06, M-08, M-10): a member's profile page; 404 when it cannot be shown. */
export function MemberPage() {
  const intl = useIntl();
  const params = useParams();
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : Number.NaN;
  const { user, isPending: userPending } = useUser();
  const member = useMember(id, user?.id ?? null, !userPending);
  const search = pathFor('members');
  const notFound =
    Number.isNaN(id) || id < 1 || (member.error instanceof ApiError && member.error.status === 404);
  const data = member.data?.profile;
  usePageTitle(
    notFound
      ? intl.formatMessage({ id: 'error.page_not_found' })
      : data
        ? `${data.name}, ${data.age}`
        : intl.formatMessage({ id: 'member.title' }),
  );

  if (notFound) return <MemberNotFound />;
  if (member.isError) {
    const status = member.error instanceof ApiError ? member.error.status : 500;
    return <ErrorView status={status} message={errorText(member.error, intl)} />;
  }
  return (
    <div className="relative mx-auto max-w-6xl px-4 pb-8 md:py-8">
      {search && (
        // Phones: a round button on the photo's corner, so the photo starts at the top (issue 27).
        <Link
          to={search}
          className="inline-flex min-h-11 items-center gap-2 rounded-full text-[15px] font-semibold max-md:absolute max-md:left-3 max-md:top-3 max-md:z-10 max-md:size-11 max-md:justify-center max-md:bg-black/60 max-md:text-white md:mb-4 md:pr-3 md:text-muted md:hover:text-ink"
        >
          <ArrowLeft aria-hidden size={18} />
          <span className="max-md:sr-only">
            <FormattedMessage id="member.back_to_search" />
          </span>
        </Link>
      )}
      {member.isPending || userPending || !member.data ? (
        <OfflineOr>
          <ProfileSkeleton />
        </OfflineOr>
      ) : (
        <Profile
          key={member.data.profile.id}
          profile={member.data.profile}
          related={member.data.related}
          viewer={user}
        />
      )}
    </div>
  );
}
