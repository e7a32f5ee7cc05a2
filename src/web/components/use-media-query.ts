import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, following rotation and resizing. The server's render, and hydration over
 * it, see `serverValue`: the server cannot know the screen, and hydration must render what it rendered.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

const never = () => () => {};

/** True in the server's render and while the browser hydrates it; false in every later render. */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
}

/** Whether the browser has a capability (geolocation, sharing); false on the server and while hydrating. */
export function useBrowserHas(test: () => boolean): boolean {
  return useSyncExternalStore(never, test, () => false);
}
