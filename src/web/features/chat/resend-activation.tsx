import { MailCheck } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useResendActivation } from '../../api/accounts.ts';
import { errorText } from '../../api/error-text.ts';

/** In a refusal for an unconfirmed sender (CHAT_ERRORS.senderUnconfirmed): a new activation mail. */
export function ResendActivationButton({ className }: { className: string }) {
  const intl = useIntl();
  const resend = useResendActivation();
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => resend.mutate()}
        disabled={resend.isPending || resend.isSuccess}
        data-testid="resend-activation"
      >
        <MailCheck aria-hidden size={16} />
        <FormattedMessage id="activation.resend" />
      </button>
      {(resend.isSuccess || resend.isError) && (
        <span role="status" className="text-sm font-medium">
          {resend.isSuccess ? <FormattedMessage id="activation.resent" /> : errorText(resend.error, intl)}
        </span>
      )}
    </>
  );
}
