import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * "Back", "Skip" and "Next" under a signup step; Next is the big one, and all wait while a step saves.
 * On phones the bar sticks to the bottom of the screen, above the on-screen keyboard (`--kb`, see
 * `useKeyboardInset`), so "Verder" is always in reach (issue 11).
 */
export function StepActions(props: {
  pending: boolean;
  onNext?: () => void;
  onSkip?: () => void;
  onBack?: () => void;
  nextDisabled?: boolean;
  submit?: boolean;
  /** Instead of "Verder" (the last question of the account: "Gratis aanmelden"). */
  nextLabel?: ReactNode;
}) {
  return (
    <div
      className="z-10 flex gap-2 pt-2 max-sm:sticky max-sm:bottom-[var(--kb,0px)] max-sm:-mx-4 max-sm:mt-auto max-sm:border-t max-sm:border-line max-sm:bg-white max-sm:px-4 max-sm:pt-3 max-sm:pb-[calc(0.75rem+env(safe-area-inset-bottom))] sm:justify-end"
      data-testid="step-actions"
    >
      {props.onBack && (
        <button type="button" className="btn btn-ghost px-3" onClick={props.onBack} disabled={props.pending}>
          <ArrowLeft aria-hidden size={18} />
          <FormattedMessage id="nav.back" />
        </button>
      )}
      {props.onSkip && (
        <button type="button" className="btn btn-ghost" onClick={props.onSkip} disabled={props.pending}>
          <FormattedMessage id="signup.skip" />
        </button>
      )}
      <button
        type={props.submit ? 'submit' : 'button'}
        className="btn btn-primary max-sm:flex-1 sm:min-w-40"
        onClick={props.submit ? undefined : props.onNext}
        disabled={props.pending || props.nextDisabled}
      >
        {props.pending ? (
          <FormattedMessage id="form.saving" />
        ) : (
          (props.nextLabel ?? <FormattedMessage id="signup.next" />)
        )}
        {!props.pending && !props.nextLabel && <ArrowRight aria-hidden size={18} />}
      </button>
    </div>
  );
}
