import { ArrowRight } from 'lucide-react';
import { FormattedMessage } from 'react-intl';

/** "Skip" and "Next" under a signup step; Next is the big one, and both wait while a step saves. */
export function StepActions(props: {
  pending: boolean;
  onNext?: () => void;
  onSkip?: () => void;
  nextDisabled?: boolean;
  submit?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      {props.onSkip && (
        <button type="button" className="btn btn-ghost" onClick={props.onSkip} disabled={props.pending}>
          <FormattedMessage id="signup.skip" />
        </button>
      )}
      <button
        type={props.submit ? 'submit' : 'button'}
        className="btn btn-primary sm:min-w-40"
        onClick={props.submit ? undefined : props.onNext}
        disabled={props.pending || props.nextDisabled}
      >
        {props.pending ? <FormattedMessage id="form.saving" /> : <FormattedMessage id="signup.next" />}
        {!props.pending && <ArrowRight aria-hidden size={18} />}
      </button>
    </div>
  );
}
