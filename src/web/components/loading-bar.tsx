import { type Query, useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { RULES } from '../../shared/rules.ts';

type Phase = 'idle' | 'running' | 'finishing';

/**
 * The bar answers what the member did: until the first tap, click or key, the loading is the page's own
 * first load (its first answers, the footer), which the browser's progress and the shell's skeletons show.
 * On a slow phone that load can go on past the document's load event, and the bar's frames cost most
 * then: the page's first tasks wait for them (issue 11).
 */
let acted = false;
if (typeof window !== 'undefined') {
  const act = () => {
    acted = true;
    window.removeEventListener('pointerdown', act, true);
    window.removeEventListener('keydown', act, true);
  };
  window.addEventListener('pointerdown', act, true);
  window.addEventListener('keydown', act, true);
}

/**
 * A fetch the member waits for: a query with nothing to show yet. A refetch (polling, invalidation) keeps
 * showing its last answer, and a query marked `meta.quiet` fills something below the first screen.
 */
export const awaited = (query: Query) => query.state.data === undefined && query.meta?.quiet !== true;

/**
 * A thin bar at the top while a page or data loads (P-11): it appears only when loading lasts longer
 * than the throttle, creeps towards the end over the duration, then fills and fades after the hide delay.
 * It moves by transform and opacity only (keyframes in styles.css), which the compositor animates without
 * the page's main thread; animating its width laid out and painted the page in every frame.
 */
export function LoadingBar() {
  const navigating = useNavigation().state !== 'idle';
  const fetching = useIsFetching({ predicate: awaited }) > 0;
  const busy = navigating || fetching;
  const [phase, setPhase] = useState<Phase>('idle');
  const { throttleMs, durationMs, hideDelayMs } = RULES.loadingBar;

  useEffect(() => {
    if (busy) {
      if (!acted) return;
      const timer = setTimeout(() => setPhase('running'), throttleMs);
      return () => clearTimeout(timer);
    }
    setPhase((p) => (p === 'running' ? 'finishing' : p));
    const timer = setTimeout(() => setPhase('idle'), hideDelayMs);
    return () => clearTimeout(timer);
  }, [busy, throttleMs, hideDelayMs]);

  if (phase === 'idle') return null;
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-[3px]"
      role="progressbar"
      aria-busy={phase === 'running'}
      aria-hidden
      data-testid="loading-bar"
      data-phase={phase}
    >
      <div
        className="h-full origin-left bg-secondary shadow-[0_0_8px_var(--color-secondary)]"
        style={{
          animation:
            phase === 'running'
              ? `loading-bar-creep ${durationMs}ms cubic-bezier(0.1, 0.6, 0.3, 1) forwards`
              : `loading-bar-done ${150 + hideDelayMs}ms ease-in forwards`,
        }}
      />
    </div>
  );
}
