import { RotateCcw } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import type { TSearchResponse } from '../../../shared/contract/discovery.ts';
import { ApiError } from '../../api/client.ts';
import { useMemberSearch } from '../../api/discovery.ts';
import { useUser } from '../../api/session.ts';
import { ErrorAlert } from '../../components/form.tsx';
import { JoinCta } from '../../components/join-cta.tsx';
import { MemberGrid } from '../../components/member-card.tsx';
import { LastUpdated, OfflineOr } from '../../offline/offline-state.tsx';
import { useSite } from '../../site-context.tsx';
import { readTracking } from '../../tracking.ts';
import { usePageTitle } from '../../use-page-title.ts';
import { Filters } from './search-filters.tsx';
import {
  apiQuery,
  EMPTY_SEARCH,
  maySearch,
  pageCount,
  paramsFromSearch,
  type SearchForm,
  searchFromParams,
} from './search-query.ts';
import { EmptyState, LoginPrompt, Pagination, SimilarGrid } from './search-results.tsx';

/** The filters the server used, defaults filled in, as form values. */
function usedFilters(data: TSearchResponse | undefined): SearchForm {
  if (!data) return EMPTY_SEARCH;
  const f = data.filters;
  return {
    gender: f.gender ?? '',
    country: f.country,
    countryregion: f.region ?? '',
    min_age: f.min_age === null ? '' : String(f.min_age),
    max_age: f.max_age === null ? '' : String(f.max_age),
    sort: f.sort,
    max_km: f.max_km === null ? '' : String(f.max_km),
    online: f.online ? '1' : '',
    photo: f.photo ? '1' : '',
  };
}

/** /members (D-01, D-02, D-10): the member search, its filters kept in the address. */
export function MembersPage() {
  const intl = useIntl();
  const { settings } = useSite();
  const { user, isPending: userPending } = useUser();
  const [params, setParams] = useSearchParams();
  const { form: url, page } = searchFromParams(params);
  // From the router's address, which the server's render knows too.
  const tracking = user ? null : readTracking(`?${params}`);
  const mayAsk = !userPending && maySearch(settings, Boolean(user), tracking, page);
  const query = apiQuery(url, page, tracking);
  const search = useMemberSearch(query, user?.id ?? null, { enabled: mayAsk });
  usePageTitle(intl.formatMessage({ id: 'search.title' }));

  const data = search.data;
  const used = usedFilters(data);
  const loginNeeded =
    (!userPending && !user && !maySearch(settings, false, tracking, page)) ||
    (search.error instanceof ApiError && search.error.status === 403);
  const fieldErrors =
    search.error instanceof ApiError && search.error.status === 400 ? search.error.fields : {};
  const href = (n: number) => {
    const next = paramsFromSearch(url, n).toString();
    return next ? `?${next}` : '?';
  };
  const go = (form: SearchForm) => setParams(paramsFromSearch(form));
  const pages = data ? pageCount(data.numResults, data.pageSize) : 1;
  const results = data?.page.results ?? [];
  const similar = data?.similar;
  const loading = userPending || (search.isPending && mayAsk);
  const refreshing = search.isPlaceholderData;
  const canWiden = Boolean(
    used.countryregion || used.min_age || used.max_age || used.max_km || used.online || used.photo,
  );

  return (
    <div className="mx-auto max-w-6xl px-4 pt-3 pb-6 sm:py-10">
      {/* On a phone the tab bar names the page: the first result comes first (issue 27). */}
      <h1 className="mb-5 text-3xl font-extrabold tracking-tight max-sm:sr-only">
        <FormattedMessage id="search.title" />
      </h1>
      {loginNeeded ? (
        <LoginPrompt
          message={
            search.error instanceof ApiError && search.error.status === 403 ? search.error.message : undefined
          }
        />
      ) : (
        <>
          <Filters
            address={params.toString()}
            url={url}
            used={used}
            user={user}
            errors={fieldErrors}
            onSearch={go}
            count={
              data && !loading
                ? intl.formatMessage(
                    { id: data.numResultsCapped ? 'search.count_short_capped' : 'search.count_short' },
                    { count: data.numResults },
                  )
                : undefined
            }
          />
          <div className="mt-3 sm:mt-6" aria-busy={loading || refreshing}>
            {search.isError && search.error instanceof ApiError && search.error.status === 400 ? (
              <ErrorAlert error={search.error} />
            ) : search.isError ? (
              <div className="space-y-3">
                <ErrorAlert error={search.error} />
                <button type="button" className="btn btn-ghost" onClick={() => void search.refetch()}>
                  <RotateCcw aria-hidden size={18} />
                  <FormattedMessage id="search.retry" />
                </button>
              </div>
            ) : (
              <>
                <p
                  role="status"
                  className="mb-4 min-h-6 font-semibold max-sm:sr-only"
                  data-testid="num-results"
                >
                  {data &&
                    !loading &&
                    (data.numResultsCapped ? (
                      <FormattedMessage id="search.results_capped" values={{ count: data.numResults }} />
                    ) : (
                      <FormattedMessage id="search.results" values={{ count: data.numResults }} />
                    ))}
                </p>
                <LastUpdated queryKey={['members']} />
                {loading ? (
                  <OfflineOr>
                    <MemberGrid members={[]} loading skeletons={10} />
                  </OfflineOr>
                ) : results.length > 0 ? (
                  <div className={refreshing ? 'opacity-60 transition-opacity' : undefined}>
                    <MemberGrid
                      members={results}
                      eagerCount={4}
                      label={intl.formatMessage({ id: 'search.results_label' })}
                    />
                  </div>
                ) : (
                  !similar?.results.length && (
                    <EmptyState
                      country={used.country}
                      onWiden={
                        canWiden
                          ? () =>
                              go({
                                ...used,
                                countryregion: '',
                                min_age: '',
                                max_age: '',
                                max_km: '',
                                online: '',
                                photo: '',
                              })
                          : null
                      }
                    />
                  )
                )}
                {user ? (
                  <Pagination page={data?.page.pageNumber ?? page} pages={pages} href={href} />
                ) : (
                  data &&
                  data.numResults > results.length && (
                    <div className="mt-8">
                      <JoinCta
                        testId="visitor-cta"
                        title={
                          <FormattedMessage
                            id="search.visitor_more_title"
                            values={{ count: data.numResults }}
                          />
                        }
                        body={<FormattedMessage id="search.visitor_body" />}
                      />
                    </div>
                  )
                )}
                {similar && similar.results.length > 0 && (
                  <section aria-labelledby="similar-title" className="mt-12" data-testid="similar">
                    <h2 id="similar-title" className="text-xl font-bold">
                      <FormattedMessage id="search.similar_title" />{' '}
                      <span className="font-medium text-muted">
                        <FormattedMessage id="search.similar_count" values={{ count: similar.numResults }} />
                      </span>
                    </h2>
                    <p className="mt-1 text-muted">
                      <FormattedMessage
                        id={results.length === 0 ? 'search.similar_intro_none' : 'search.similar_intro'}
                      />
                    </p>
                    <SimilarGrid
                      key={query}
                      query={query}
                      viewerId={user?.id ?? null}
                      first={similar.results}
                      total={similar.numResults}
                    />
                  </section>
                )}
              </>
            )}
          </div>
        </>
      )}
    </div>
  );
}
