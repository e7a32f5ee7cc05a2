import { Ban, Flag, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
// The constants module, not the contract: that would build all of its zod schemas on the first page.
import { ATTRIBUTE_FIELDS } from '../../../shared/contract/constants.ts';
import type { TMemberCard, TMemberProfile } from '../../../shared/contract/profiles.ts';
import { pathFor } from '../../../shared/routes.ts';
import { errorText } from '../../api/error-text.ts';
import { useBlock } from '../../api/profiles.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { FormAlert } from '../../components/form.tsx';
import { MemberCard } from '../../components/member-card.tsx';
import { Link } from '../../components/route-link.tsx';
import { useSite } from '../../site-context.tsx';

// The parts of a member's page below the first screen: details, block and report, related members.

/** Labels of the details list; about.* where the signup's wording also fits someone else's profile. */
const DETAIL_LABELS: Record<string, string> = {
  gender: 'member.gender',
  sexuality: 'about.sexuality',
  relationship_status: 'about.relationship_status',
  signup_reason: 'member.signup_reason',
  hair_colour: 'about.hair_colour',
  eye_colour: 'about.eye_colour',
  body_type: 'about.body_type',
  tattoos: 'about.tattoos',
};

/** "Profiel melden" (L-09): the complaints form, about this member. */
export function ReportLink({ profile }: { profile: TMemberProfile }) {
  const complaints = pathFor('complaints');
  if (!complaints) return null;
  return (
    <Link to={`${complaints}?member=${profile.id}`} className="btn btn-ghost text-[15px]">
      <Flag aria-hidden size={18} />
      <FormattedMessage id="complaints.report_profile" />
    </Link>
  );
}

export function BlockButton({ profile }: { profile: TMemberProfile }) {
  const intl = useIntl();
  const block = useBlock(profile.id);
  const [open, setOpen] = useState(false);
  const blocked = profile.blocked_by_me;
  return (
    <>
      <button type="button" className="btn btn-ghost text-[15px]" onClick={() => setOpen(true)}>
        {blocked ? <ShieldCheck aria-hidden size={18} /> : <Ban aria-hidden size={18} />}
        {blocked ? (
          <FormattedMessage id="member.unblock" values={{ name: profile.name }} />
        ) : (
          <FormattedMessage id="member.block" values={{ name: profile.name }} />
        )}
      </button>
      <ConfirmModal
        open={open}
        onClose={() => {
          setOpen(false);
          block.reset();
        }}
        title={
          <FormattedMessage
            id={blocked ? 'member.unblock_title' : 'member.block_title'}
            values={{ name: profile.name }}
          />
        }
        description={
          <FormattedMessage
            id={blocked ? 'member.unblock_body' : 'member.block_body'}
            values={{ name: profile.name }}
          />
        }
        danger={!blocked}
        busy={block.isPending}
        confirm={
          blocked ? (
            <FormattedMessage id="member.unblock_confirm" />
          ) : (
            <FormattedMessage id="member.block_confirm" />
          )
        }
        onConfirm={() => block.mutate(!blocked, { onSuccess: () => setOpen(false) })}
      >
        {block.isError && (
          <div className="mb-3">
            <FormAlert>{errorText(block.error, intl)}</FormAlert>
          </div>
        )}
      </ConfirmModal>
    </>
  );
}

export function Details({ profile }: { profile: TMemberProfile }) {
  const { settings } = useSite();
  const visible = new Set(settings.visible_profile_fields);
  const rows: [string, string][] = [];
  if (profile.gender && visible.has('gender')) rows.push(['gender', `gender.${profile.gender}`]);
  for (const field of ATTRIBUTE_FIELDS) {
    const value = profile[field];
    if (value !== null) rows.push([field, `${field}.${value}`]);
  }
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="member-details">
      <h2 id="member-details" className="text-lg font-bold">
        <FormattedMessage id="member.details" />
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([field, valueId]) => (
          <div key={field} className="rounded-2xl bg-surface px-4 py-3">
            <dt className="text-sm text-muted">
              <FormattedMessage id={DETAIL_LABELS[field] ?? `about.${field}`} />
            </dt>
            <dd className="font-semibold">
              <FormattedMessage id={valueId} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function Related({ name, members }: { name: string; members: TMemberCard[] }) {
  if (members.length === 0) return null;
  return (
    <section aria-labelledby="member-related" className="mt-12">
      <h2 id="member-related" className="text-xl font-bold">
        <FormattedMessage id="member.related" values={{ name }} />
      </h2>
      <ul className="-mx-4 mt-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:overflow-visible sm:px-0 md:grid-cols-6">
        {members.map((m) => (
          <li key={m.id} className="w-36 shrink-0 snap-start sm:w-auto">
            <MemberCard member={m} />
          </li>
        ))}
      </ul>
    </section>
  );
}
