import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { RULES } from '../../shared/rules.ts';

type Phase = 'idle' | 'running' | 'finishing';

/**
 * A thin bar at the top while a page or data loads (P-11): it appears only when loading lasts longer
 * than the throttle, creeps towards the end over the duration, then fills and fades after the hide delay.
 */
export function LoadingBar() {
  const navigating = useNavigation().state !== 'idle';
  const fetching = useIsFetching() > 0;
  const busy = navigating || fetching;
  const [phase, setPhase] = useState<Phase>('idle');
  const { throttleMs, durationMs, hideDelayMs } = RULES.loadingBar;

  useEffect(() => {
    if (busy) {
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
    >
      <div
        className="h-full bg-secondary shadow-[0_0_8px_var(--color-secondary)]"
        style={{
          width: phase === 'running' ? '90%' : '100%',
          opacity: phase === 'finishing' ? 0 : 1,
          transition:
            phase === 'running'
              ? `width ${durationMs}ms cubic-bezier(0.1, 0.6, 0.3, 1)`
              : `width 150ms ease-out, opacity ${hideDelayMs}ms ease-in`,
        }}
      />
    </div>
  );
}
