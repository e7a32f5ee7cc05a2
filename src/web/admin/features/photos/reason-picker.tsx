import { FormattedMessage, useIntl } from 'react-intl';
import {
  PHOTO_REJECT_REASONS,
  type PhotoRejectReason,
} from '../../../../shared/contract/admin-moderation.ts';

/**
 * The fixed reasons for rejecting a photo (M-09), numbered 1-6 for the keyboard. The member is told the
 * chosen one in their own language.
 */
export function ReasonPicker({
  onPick,
  onCancel,
  busy,
  autoFocus,
}: {
  onPick(reason: PhotoRejectReason): void;
  onCancel(): void;
  busy: boolean;
  autoFocus?: boolean;
}) {
  const intl = useIntl();
  return (
    <fieldset className="rounded-lg border border-danger/40 bg-danger-soft p-3" data-testid="reject-reasons">
      <legend className="px-1 font-semibold text-danger">
        <FormattedMessage id="admin.photos.reject_title" />
      </legend>
      <p className="mb-2 text-sm text-ink">
        <FormattedMessage id="admin.photos.reject_hint" />
      </p>
      <ul className="grid gap-1.5 sm:grid-cols-2">
        {PHOTO_REJECT_REASONS.map((reason, i) => (
          <li key={reason}>
            <button
              type="button"
              disabled={busy}
              // biome-ignore lint/a11y/noAutofocus: the reasons open from a key press; the first takes the focus
              autoFocus={autoFocus && i === 0}
              onClick={() => onPick(reason)}
              aria-keyshortcuts={String(i + 1)}
              className="flex min-h-11 w-full items-center gap-2 rounded-md border border-line bg-white px-3 text-left text-sm hover:border-danger hover:bg-white disabled:opacity-60"
            >
              <kbd className="inline-flex size-6 shrink-0 items-center justify-center rounded border border-line bg-surface text-xs font-semibold">
                {i + 1}
              </kbd>
              {intl.formatMessage({ id: `admin.photos.reason.${reason}` })}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onCancel}
        className="mt-2 min-h-11 rounded-md px-3 text-sm underline hover:bg-white"
        aria-keyshortcuts="Escape"
      >
        <FormattedMessage id="admin.photos.cancel" />
      </button>
    </fieldset>
  );
}
