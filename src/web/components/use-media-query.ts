import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';

// Issue 24: values the server cannot know (the screen, the clock, this browser's storage and abilities)
// are the server's in its render and while the browser hydrates it, and the browser's from then on. They
// used to be `useSyncExternalStore` stores with a server snapshot. But when such a store's browser value
// differs from the server's, React re-renders its component right after hydration at sync priority, in one
// task, and hydrates any part below it that was still waiting (dehydrated Suspense boundaries) in that same
// task: on the home page, the alerts' "smartphone" query and the member grid did, a task of 60 to 100 ms
// under Lighthouse's 4x CPU. Here the browser's value follows in a transition, which React renders in
// slices like the hydration itself.

const never = () => () => {};

// Which of a component's first renders hydrate the server's HTML: React asks a store for its server
// snapshot exactly then (and on the server), for its browser snapshot otherwise. The snapshot is the same
// either way, so the store never changes and never re-renders anything.
let mountHydrates = false;
const probeBrowser = () => {
  mountHydrates = false;
  return 0;
};
const probeServer = () => {
  mountHydrates = true;
  return 0;
};

/**
 * Whether this component's first render was the server's or hydrated the server's HTML; it keeps that
 * answer for the component's life and never causes a render of its own.
 */
export function useHydratingMount(): boolean {
  useSyncExternalStore(never, probeBrowser, probeServer);
  // Read at once: the probe above ran in this same render, just before.
  return useState(() => mountHydrates)[0];
}

/**
 * A value only the browser knows: `serverValue` in the server's render and while hydrating over it, the
 * browser's own (`read`) after, in a transition; then it follows `subscribe`'s changes. `subscribe` and
 * `read` must keep their identity between renders (module functions, or `useCallback`).
 */
export function useBrowserValue<T>(
  subscribe: (onChange: () => void) => () => void,
  read: () => T,
  serverValue: T,
): T {
  const hydrating = useHydratingMount();
  const [value, setValue] = useState<T>(() => (hydrating ? serverValue : read()));
  useEffect(() => {
    startTransition(() => setValue(read()));
    return subscribe(() => setValue(read()));
  }, [subscribe, read]);
  return value;
}

/**
 * Whether a media query matches, following rotation and resizing. The server's render, and hydration over
 * it, see `serverValue`: the server cannot know the screen, and hydration must render what it rendered.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const read = useCallback(() => window.matchMedia(query).matches, [query]);
  return useBrowserValue(subscribe, read, serverValue);
}

const notHydrating = () => false;

/** True in the server's render and while the browser hydrates it; false in every later render. */
export function useHydrating(): boolean {
  return useBrowserValue(never, notHydrating, true);
}

/** Whether the browser has a capability (geolocation, sharing); false on the server and while hydrating. */
export function useBrowserHas(test: () => boolean): boolean {
  return useBrowserValue(never, test, false);
}
