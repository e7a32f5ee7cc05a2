import { type ReactNode, useEffect, useState } from 'react';

let painted = false;

/**
 * Renders its children after the page's first paint, each such part in a task of its own (P-01, decision
 * 0014): the footer, the entry warning and the parts of a page below the fold no longer lengthen the one
 * long task that draws the first screen, which on a slow phone blocked input for hundreds of milliseconds.
 * Once the first screen is up (the next page, a remount) the children render at once, so navigation never
 * flickers.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return;
    let timer = 0;
    // The frame after this render is painted; the timeout then starts a task of its own.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        painted = true;
        setReady(true);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready]);
  return ready ? children : null;
}

/**
 * Renders its children one task after it mounts: a part that arrives with data (a strip of member cards
 * below the first screen) is drawn in a task of its own instead of lengthening the render that shows the
 * data above it.
 */
export function NextTask({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true));
    return () => clearTimeout(timer);
  }, []);
  return ready ? children : null;
}
