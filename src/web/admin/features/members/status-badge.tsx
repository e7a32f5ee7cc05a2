import { FormattedMessage } from 'react-intl';
import type { TMemberStatus } from '../../../../shared/contract/admin-members.ts';

const TONE: Record<TMemberStatus, string> = {
  confirmed: 'bg-primary-soft text-primary-strong',
  not_confirmed: 'bg-surface text-ink border border-line',
  banned: 'bg-danger-soft text-danger',
  deleted: 'bg-surface text-muted border border-line',
};

/** A member's status as a short label (text, not colour alone), and whether the profile is fictional. */
export function StatusBadge({ status, fictional = false }: { status: TMemberStatus; fictional?: boolean }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={`rounded px-2 py-0.5 text-xs font-semibold ${TONE[status]}`}>
        <FormattedMessage id={`admin.members.status.${status}`} />
      </span>
      {fictional && (
        <span className="rounded border border-line px-2 py-0.5 text-xs">
          <FormattedMessage id="admin.members.fictional" />
        </span>
      )}
    </span>
  );
}
