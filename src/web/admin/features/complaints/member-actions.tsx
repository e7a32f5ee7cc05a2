// The complaint page's actions on the reported member (O-03), and the looks the page's cards share.
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { TComplaintDetail } from '../../../../shared/contract/admin-moderation.ts';
import { isStepUpRequired } from '../../api.ts';
import { MemberPhotos } from '../photos/member-photos.tsx';
import { useBan } from './complaints-api.ts';

export const card = 'rounded-xl bg-white p-4 ring-1 ring-line';
export const input = 'min-h-11 w-full rounded-md border border-line bg-white px-2';
export const primary =
  'min-h-11 rounded-md bg-primary px-4 font-semibold text-white hover:bg-primary-strong disabled:opacity-60';

export function errorText(err: unknown, intl: ReturnType<typeof useIntl>) {
  if (isStepUpRequired(err)) return intl.formatMessage({ id: 'admin.complaints.step_up' });
  return err instanceof Error ? err.message : String(err);
}

export function MemberActions({ c }: { c: TComplaintDetail }) {
  const intl = useIntl();
  const ban = useBan(c.id);
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const m = c.member;
  if (!m)
    return (
      <section className={card}>
        <p className="text-sm text-muted">
          <FormattedMessage id="admin.complaints.no_member_named" />
        </p>
      </section>
    );
  const name = m.name || `#${m.id}`;
  return (
    <section className={`${card} space-y-4`} aria-labelledby="member-title">
      <div>
        <h2 id="member-title" className="font-semibold">
          <FormattedMessage id="admin.complaints.member" />
        </h2>
        <p className="mt-1">
          <Link to={`/members/${m.id}`} className="font-semibold text-primary-strong underline">
            {name} (#{m.id})
          </Link>{' '}
          <span className="text-sm text-muted">
            <FormattedMessage
              id="admin.complaints.member_status"
              values={{
                status: intl.formatMessage({
                  id: ['confirmed', 'not_confirmed', 'banned'].includes(m.status)
                    ? `admin.complaints.account.${m.status}`
                    : 'admin.complaints.account.other',
                }),
              }}
            />
          </span>
        </p>
      </div>
      <div>
        <h3 className="font-semibold">
          <FormattedMessage id="admin.complaints.actions" />
        </h3>
        {m.status === 'banned' ? (
          <p role="status" className="text-sm text-danger">
            <FormattedMessage id="admin.complaints.banned" />
          </p>
        ) : open ? (
          <form
            className="mt-2 space-y-2 rounded-lg border border-danger/40 bg-danger-soft p-3"
            onSubmit={(e) => {
              e.preventDefault();
              ban.mutate({ reason }, { onSuccess: () => setOpen(false) });
            }}
          >
            <p className="font-semibold text-danger">
              <FormattedMessage id="admin.complaints.ban_title" values={{ name }} />
            </p>
            <label htmlFor={reasonId} className="block text-sm">
              <FormattedMessage id="admin.complaints.ban_reason" />
            </label>
            <input
              id={reasonId}
              className={input}
              required
              minLength={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <div className="flex flex-wrap gap-2">
              <button
                type="submit"
                disabled={ban.isPending}
                className="min-h-11 rounded-md bg-danger px-4 font-semibold text-white disabled:opacity-60"
              >
                <FormattedMessage id="admin.complaints.ban_confirm" />
              </button>
              <button
                type="button"
                className="min-h-11 rounded-md px-3 underline"
                onClick={() => setOpen(false)}
              >
                <FormattedMessage id="admin.photos.cancel" />
              </button>
            </div>
            {ban.isError && (
              <p role="alert" className="text-sm text-danger">
                {errorText(ban.error, intl)}
              </p>
            )}
          </form>
        ) : (
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="mt-2 min-h-11 rounded-md border border-danger px-3 text-sm font-semibold text-danger hover:bg-danger-soft"
          >
            <FormattedMessage id="admin.complaints.ban" />
          </button>
        )}
      </div>
      <MemberPhotos memberId={m.id} name={name} />
    </section>
  );
}
