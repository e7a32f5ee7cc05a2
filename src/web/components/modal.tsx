import { lazy, Suspense } from 'react';
import type { ModalProps } from './modal-dialog.tsx';

// The dialog code loads the first time any dialog opens, not with every page.
const ModalDialog = lazy(() => import('./modal-dialog.tsx'));

/** A dialog with the modal widths of spec §9 (see modal-dialog.tsx); nothing is loaded while closed. */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
