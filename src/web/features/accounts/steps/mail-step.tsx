import { MailCheck } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TUser } from '../../../../shared/contract/accounts.ts';
import { useResendActivation, useSignupStep } from '../../../api/accounts.ts';
import { errorText } from '../../../api/error-text.ts';
import { FormAlert } from '../../../components/form.tsx';
import { StepActions } from './step-actions.tsx';

/** Step 5: the activation mail is on its way; it can be sent again. */
export function MailStep({ user }: { user: TUser }) {
  const intl = useIntl();
  const save = useSignupStep();
  const resend = useResendActivation();
  const confirmed = user.status === 'confirmed';
  return (
    <div className="flex flex-1 flex-col space-y-5">
      <div className="flex flex-col items-center gap-3 rounded-2xl bg-primary-soft p-6 text-center">
        <MailCheck aria-hidden size={44} className="text-primary" />
        <p className="text-[17px] leading-relaxed">
          {confirmed ? (
            <FormattedMessage id="signup.mail_confirmed" />
          ) : (
            <FormattedMessage
              id="signup.mail_sent"
              values={{ email: user.email, b: (chunks) => <strong className="break-all">{chunks}</strong> }}
            />
          )}
        </p>
      </div>
      {!confirmed && (
        <div className="text-center">
          <p className="text-sm text-muted">
            <FormattedMessage id="signup.mail_not_received" />
          </p>
          <button
            type="button"
            className="btn btn-ghost mt-2"
            onClick={() => resend.mutate()}
            disabled={resend.isPending || resend.isSuccess}
          >
            <FormattedMessage id="activation.resend" />
          </button>
          <p role="status" className="mt-2 min-h-5 text-sm text-primary">
            {resend.isSuccess && <FormattedMessage id="activation.resent" />}
          </p>
          {resend.isError && <FormAlert>{errorText(resend.error, intl)}</FormAlert>}
        </div>
      )}
      {save.isError && <FormAlert>{errorText(save.error, intl)}</FormAlert>}
      <StepActions pending={save.isPending} onNext={() => save.mutate({ step: 5 })} />
    </div>
  );
}
