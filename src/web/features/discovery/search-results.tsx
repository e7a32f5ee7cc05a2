// What the search shows around its results: the page steps, the similar results, the empty state, the visitor's prompt.
import { ChevronLeft, ChevronRight, LockKeyhole, RotateCcw, SearchX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TMemberCard } from '../../../shared/contract/profiles.ts';
import { useMoreSimilar } from '../../api/discovery.ts';
import { ErrorAlert } from '../../components/form.tsx';
import { JoinCta } from '../../components/join-cta.tsx';
import { LoadMore } from '../../components/load-more.tsx';
import { MemberGrid } from '../../components/member-card.tsx';
import { Link } from '../../components/route-link.tsx';
import { useCountryName } from '../../i18n/region-names.ts';

/** A step to the previous or next page; without a page there, an invisible stand-in of the same size. */
function PageStep(props: { to: string | null; rel: 'prev' | 'next'; children: ReactNode }) {
  const link = 'btn btn-ghost min-w-11 px-4';
  return props.to ? (
    <Link to={props.to} className={link} rel={props.rel}>
      {props.children}
    </Link>
  ) : (
    // Keeps the page number in the middle; invisible to everyone, so nothing to read or reach.
    <span className={`${link} invisible`}>{props.children}</span>
  );
}

export function Pagination(props: { page: number; pages: number; href(page: number): string }) {
  const intl = useIntl();
  if (props.pages <= 1) return null;
  return (
    <nav
      aria-label={intl.formatMessage({ id: 'search.pages' })}
      className="mt-8 flex items-center justify-center gap-3"
    >
      <PageStep to={props.page > 1 ? props.href(props.page - 1) : null} rel="prev">
        <ChevronLeft aria-hidden size={18} />
        <FormattedMessage id="search.previous" />
      </PageStep>
      <span className="whitespace-nowrap text-[15px] font-medium text-muted" aria-current="page">
        <FormattedMessage id="search.page_of" values={{ page: props.page, pages: props.pages }} />
      </span>
      <PageStep to={props.page < props.pages ? props.href(props.page + 1) : null} rel="next">
        <FormattedMessage id="search.next" />
        <ChevronRight aria-hidden size={18} />
      </PageStep>
    </nav>
  );
}

/**
 * The similar results, and for members "Meer vergelijkbare leden": the ones beyond the first page, a page
 * at a time, added to the same list (issue 11). Focus stays on the button, which goes when all are shown.
 */
export function SimilarGrid(props: {
  query: string;
  viewerId: number | null;
  first: TMemberCard[];
  total: number;
}) {
  const intl = useIntl();
  const [asked, setAsked] = useState(false);
  const more = useMoreSimilar(props.query, props.viewerId, props.total, asked);
  const extra = more.data?.pages.flatMap((p) => p.similar?.results ?? []) ?? [];
  const members = [...props.first, ...extra.filter((m) => !props.first.some((f) => f.id === m.id))];
  const hasMore =
    props.viewerId !== null &&
    (asked ? more.isPending || more.hasNextPage : props.first.length < props.total);
  return (
    <>
      <div className="mt-4">
        <MemberGrid members={members} label={intl.formatMessage({ id: 'search.similar_title' })} />
      </div>
      {more.isError && (
        <div className="mt-4">
          <ErrorAlert error={more.error} />
        </div>
      )}
      {hasMore && (
        <LoadMore
          busy={more.isFetching}
          onMore={() => (asked ? void more.fetchNextPage() : setAsked(true))}
          testId="similar-more"
        >
          <FormattedMessage id="search.similar_more" />
        </LoadMore>
      )}
    </>
  );
}

export function EmptyState(props: { onWiden: (() => void) | null; country: string }) {
  const countryName = useCountryName();
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-3xl bg-surface px-6 py-12 text-center"
      data-testid="search-empty"
    >
      <SearchX aria-hidden size={44} className="text-primary" />
      <h2 className="text-xl font-bold">
        <FormattedMessage id="search.empty_title" />
      </h2>
      <p className="max-w-md text-muted">
        <FormattedMessage id="search.empty_body" />
      </p>
      {props.onWiden && (
        <button type="button" className="btn btn-primary mt-2" onClick={props.onWiden}>
          <RotateCcw aria-hidden size={18} />
          <FormattedMessage id="search.widen" values={{ country: countryName(props.country) }} />
        </button>
      )}
    </div>
  );
}

export function LoginPrompt({ message }: { message?: string }) {
  return (
    <div className="mx-auto max-w-2xl" data-testid="search-login">
      <div className="mb-6 flex flex-col items-center gap-3 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
          <LockKeyhole aria-hidden size={28} />
        </span>
        {message && <p className="text-muted">{message}</p>}
      </div>
      <JoinCta
        title={<FormattedMessage id="search.visitor_title" />}
        body={<FormattedMessage id="search.visitor_body" />}
      />
    </div>
  );
}
