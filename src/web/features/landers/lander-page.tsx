import { useIntl } from 'react-intl';
import { useLocation, useMatches, useParams } from 'react-router';
import { isLanderName, isNichePrefix, type TLanderName } from '../../../shared/contract/landers.ts';
import { routePath } from '../../../shared/routes.ts';
import { Redirect } from '../../components/redirect.tsx';
import { OfflineOr } from '../../offline/offline-state.tsx';
import { useSite } from '../../site-context.tsx';
import { usePageMeta, usePageTitle } from '../../use-page-title.ts';
import { PageSkeleton } from '../accounts/shared.tsx';
import { DESIGNS } from './designs.tsx';
import { EmptyLander, useLander, useLanderVisit } from './kit.tsx';

/** The lander a route id names: `landers-gallery-slug` is `gallery`. */
function landerOfRoute(id: string | undefined): TLanderName | null {
  const name = /^landers-(.+)-slug$/.exec(id ?? '')?.[1] ?? '';
  return isLanderName(name) ? name : null;
}

/**
 * /landers/{name}/{slug?} (L-07, issue 25): a campaign lander on the site's real members of its market
 * and niche, each its own design, one tap from the signup. Its title, description and preview image are
 * in the first HTML (the server renders it).
 */
export function LanderPage() {
  const intl = useIntl();
  const { settings } = useSite();
  const lander = landerOfRoute(useMatches().at(-1)?.id) ?? 'gallery';
  const { data: page, isPending } = useLander(lander);
  useLanderVisit(lander);
  usePageTitle(intl.formatMessage({ id: `lander.${lander}.title` }));
  usePageMeta(
    intl.formatMessage({ id: `lander.${lander}.intro` }, { site: settings.name }),
    page?.members[0]?.photo_url ?? null,
  );
  if (isPending)
    return (
      <OfflineOr>
        <PageSkeleton />
      </OfflineOr>
    );
  const Design = DESIGNS[lander];
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-10" data-testid="lander" data-lander={lander}>
      {page && page.members.length > 0 ? (
        <Design page={page} lander={lander} />
      ) : (
        <EmptyLander lander={lander} />
      )}
    </div>
  );
}

/**
 * /landers/{prefix}/{name}/{slug?}: a lander under a niche's prefix goes to the site's own lander of that
 * name, with the campaign's slug and tracking query (decision 0029); an unknown name to the gallery.
 */
export function NicheLanderRedirect() {
  const { niche = '', name = '', slug } = useParams();
  const { search } = useLocation();
  if (name === 'tinderswipe') return <Redirect to={`${routePath('landers-tinderswipe')}${search}`} />;
  const known = isNichePrefix(niche) && isLanderName(name);
  const target = known ? name : 'gallery';
  return <Redirect to={`${routePath(`landers-${target}-slug`, known && slug ? { slug } : {})}${search}`} />;
}
