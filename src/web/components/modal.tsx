import { lazy, Suspense } from 'react';
import type { ModalProps } from './modal-dialog.tsx';

// The dialog code loads the first time any dialog opens, not with every page.
let loading: Promise<typeof import('./modal-dialog.tsx')> | null = null;
const load = () => {
  loading ??= import('./modal-dialog.tsx');
  return loading;
};
const ModalDialog = lazy(load);

/**
 * Starts loading the dialog code now, for a dialog that will open soon (the entry warning, drawn just
 * after the first paint): when it opens, the code is there and it draws in that same task (P-01).
 */
export function preloadModal(): void {
  void load();
}

/** A dialog with the modal widths of spec §9 (see modal-dialog.tsx); nothing is loaded while closed. */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
