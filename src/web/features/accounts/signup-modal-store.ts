import { useSyncExternalStore } from 'react';

// Whether the signup modal is open. A tiny store instead of context: the home page's button opens it and
// the layouts draw it, without either loading the signup code before it is needed.

let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export const openSignupModal = () => set(true);
export const closeSignupModal = () => set(false);

export function useSignupModalOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => false,
  );
}
