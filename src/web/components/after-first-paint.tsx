import { type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';
import { useHydratingMount } from './use-media-query.ts';

let painted = false;

/**
 * The first screen is the server's render, being hydrated: every AfterFirstPaint in it rendered its part
 * there, and renders it at once from now on (main.tsx calls this before hydrateRoot).
 */
export function firstScreenFromServer(): void {
  painted = true;
}

/**
 * Renders its children after the page's first paint, each such part in a task of its own (P-01, decision
 * 0014): the footer, the entry warning and the parts of a page below the fold no longer lengthen the one
 * long task that draws the first screen, which on a slow phone blocked input for hundreds of milliseconds.
 * Once the first screen is up (the next page, a remount) the children render at once, so navigation never
 * flickers.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  // Issue 24: in the server's render the part is there (a footer is part of the page, with or without
  // JavaScript); hydration takes it as a Suspense boundary of its own, in a slice after the first screen's.
  // Known without subscribing to anything: a hook that changes its answer after hydration (useHydrating)
  // re-renders this at once, which makes React hydrate the part below in the same long task.
  const [ready, setReady] = useState(() => painted || typeof document === 'undefined');
  useEffect(() => {
    if (ready) return;
    let timer = 0;
    // The frame after this render is painted; the timeout then starts a task of its own.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        painted = true;
        // A transition: React renders it in slices of a few milliseconds, yielding to input between them,
        // where an ordinary update is rendered in one go (the home page's lower half was one long task).
        startTransition(() => setReady(true));
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready]);
  return ready ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * Renders its children one task after it mounts: a part that arrives with data (a strip of member cards
 * below the first screen) is drawn in a task of its own instead of lengthening the render that shows the
 * data above it.
 */
export function NextTask({ children }: { children: ReactNode }) {
  // In the server's render, and so in hydration, it is there at once (in a boundary hydrated on its own).
  const hydrating = useHydratingMount();
  const [ready, setReady] = useState(hydrating);
  useEffect(() => {
    if (ready) return;
    const timer = window.setTimeout(() => startTransition(() => setReady(true)));
    return () => clearTimeout(timer);
  }, [ready]);
  return ready ? <Suspense fallback={null}>{children}</Suspense> : null;
}
