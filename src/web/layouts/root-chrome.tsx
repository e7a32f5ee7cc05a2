import { type Location, ScrollRestoration } from 'react-router';
import { LoadingBar } from '../components/loading-bar.tsx';

/** How this document was opened: 'navigate' for a link or a typed address, 'reload', 'back_forward'. */
function documentNavigationType(): string {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type ?? 'navigate';
}

const freshOpen = documentNavigationType() === 'navigate';

/**
 * The key a scroll position is saved under. The router gives the first entry of every freshly opened
 * document the same key ('default'), so a page opened fresh would start where another fresh page was
 * left (1,931 px down, issue 11). A fresh open gets a key of its own and starts at the top; a reload and
 * back/forward keep the router's key and their position.
 */
export function scrollKey(location: Pick<Location, 'key' | 'pathname'>, fresh = freshOpen): string {
  if (location.key === 'default' && fresh) return `fresh:${location.pathname}:${performance.timeOrigin}`;
  return location.key;
}

/** What every layout shares at the root: the loading bar and scroll positions (P-11). */
export function RootChrome() {
  return (
    <>
      <LoadingBar />
      <ScrollRestoration getKey={(location) => scrollKey(location)} />
    </>
  );
}
