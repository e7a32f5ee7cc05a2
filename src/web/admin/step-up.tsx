import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { FormattedMessage } from 'react-intl';
import type { StaffFactors } from '../../shared/contract/admin-staff.ts';
import { AdminApiError, adminCall, isStepUpRequired, setStepUpAsk } from './api.ts';
import { SecondFactorForm, secondaryButtonClass } from './features/auth/factor-forms.tsx';

/**
 * Step-up (issue 23, O-06): dangerous actions (ban, credits, refund, settings, staff roles) answer 403
 * `step_up_required` when the second factor passed more than 10 minutes ago. Wrap such a call:
 *
 * ```tsx
 * const { withStepUp } = useStepUp();
 * await withStepUp(() => adminCall('POST /api/admin/members/:id/ban', { params: { id }, body: { reason } }));
 * ```
 *
 * `withStepUp(fn)` runs `fn`; when it throws `isStepUpRequired(err)`, a dialog asks for the passkey or the
 * code app, and `fn` runs once more after that passed. If the staff member closes the dialog, the
 * original error is thrown. Any other error is thrown as it is. The layout mounts `StepUpProvider`, so
 * every page under it can use the hook.
 */
export interface StepUp {
  withStepUp<T>(fn: () => Promise<T>): Promise<T>;
}

type Ask = () => Promise<boolean>;
const StepUpContext = createContext<Ask | null>(null);

export function useStepUp(): StepUp {
  const ask = useContext(StepUpContext);
  const withStepUp = useCallback(
    async <T,>(fn: () => Promise<T>): Promise<T> => {
      try {
        return await fn();
      } catch (err) {
        if (!ask || !isStepUpRequired(err) || (err instanceof AdminApiError && err.stepUpAsked)) throw err;
        if (!(await ask())) throw err;
        return fn();
      }
    },
    [ask],
  );
  return useMemo(() => ({ withStepUp }), [withStepUp]);
}

/** Holds the one step-up dialog of the back office; `useStepUp` opens it. */
export function StepUpProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const pending = useRef<((passed: boolean) => void) | null>(null);
  const [factors, setFactors] = useState<StaffFactors | null>(null);
  const [open, setOpen] = useState(false);

  const settle = useCallback((passed: boolean) => {
    pending.current?.(passed);
    pending.current = null;
    setOpen(false);
    dialog.current?.close();
  }, []);

  const ask = useCallback<Ask>(async () => {
    // One dialog at a time: a second ask while one is open waits for the same answer.
    if (pending.current) {
      const earlier = pending.current;
      return new Promise<boolean>((resolve) => {
        pending.current = (passed) => {
          earlier(passed);
          resolve(passed);
        };
      });
    }
    const answer = new Promise<boolean>((resolve) => {
      pending.current = resolve;
    });
    setFactors(null);
    setOpen(true);
    adminCall('GET /api/admin/auth/factors')
      .then(setFactors)
      .catch(() => setFactors({ passkey: false, totp: false }));
    return answer;
  }, []);

  useEffect(() => {
    if (open && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [open]);

  // Every admin call that meets `step_up_required` asks here and is sent again (api.ts).
  useEffect(() => {
    setStepUpAsk(ask);
    return () => setStepUpAsk(null);
  }, [ask]);

  return (
    <StepUpContext value={ask}>
      {children}
      <dialog
        ref={dialog}
        aria-labelledby="step-up-title"
        className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-lg p-0 shadow-xl backdrop:bg-black/40"
        onCancel={() => settle(false)}
      >
        {open && (
          <div className="space-y-4 p-5">
            <h2 id="step-up-title" className="text-lg font-bold">
              <FormattedMessage id="admin.auth.step_up_title" />
            </h2>
            <p className="text-sm text-muted">
              <FormattedMessage id="admin.auth.step_up_text" />
            </p>
            {factors ? (
              <SecondFactorForm
                factors={factors}
                mode="step-up"
                onDone={() => {
                  void queryClient.invalidateQueries({ queryKey: ['admin', 'me'] });
                  settle(true);
                }}
              />
            ) : (
              <p role="status" className="text-sm text-muted">
                <FormattedMessage id="admin.loading" />
              </p>
            )}
            <button type="button" className={`${secondaryButtonClass} w-full`} onClick={() => settle(false)}>
              <FormattedMessage id="admin.auth.cancel" />
            </button>
          </div>
        )}
      </dialog>
    </StepUpContext>
  );
}
