import { lazy, Suspense } from 'react';
import { useSignupModalOpen } from './signup-modal-store.ts';

// The signup code loads the first time someone opens the modal, not with every page.
const SignupModal = lazy(() => import('./signup-modal.tsx'));

export function SignupModalHost() {
  const open = useSignupModalOpen();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SignupModal />
    </Suspense>
  );
}
