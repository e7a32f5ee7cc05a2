import { ShieldCheck, UserRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TBlockedMember } from '../../../shared/contract/blocks.ts';
import { pathFor } from '../../../shared/routes.ts';
import { useMyBlocks, useUnblock } from '../../api/blocks.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { ErrorAlert } from '../../components/form.tsx';
import { Link } from '../../components/route-link.tsx';

/** A 3:4 thumbnail, or a person icon without a (public, approved, visible) photo. */
function Thumb({ member }: { member: TBlockedMember }) {
  return member.thumb_url ? (
    // Decorative: the name beside it says who it is (a second "Foto van ..." would only repeat it).
    <img
      src={member.thumb_url}
      alt=""
      loading="lazy"
      decoding="async"
      width={48}
      height={64}
      className="h-16 w-12 shrink-0 rounded-xl object-cover"
    />
  ) : (
    <span className="flex h-16 w-12 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-primary-soft to-surface">
      <UserRound aria-hidden size={24} className="text-primary/60" />
    </span>
  );
}

/**
 * One blocked member. On a phone the button goes under the name, so a long name keeps the width; from
 * sm up it sits at the end of the row.
 */
function Row(props: { member: TBlockedMember; onUnblock(): void }) {
  const intl = useIntl();
  const m = props.member;
  const to = m.profile_available ? pathFor('members-id', { id: m.id }) : null;
  const who = (
    <>
      <span className="block font-semibold leading-snug [overflow-wrap:anywhere]">
        {m.name}, {m.age}
      </span>
      <span className="block truncate text-sm text-muted">
        {m.profile_available ? m.city : <FormattedMessage id="blocks.profile_hidden" />}
      </span>
    </>
  );
  return (
    <li
      className="grid grid-cols-[3rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2 py-3 sm:grid-cols-[3rem_minmax(0,1fr)_auto]"
      data-testid="blocked-member"
    >
      <span className="row-span-2 sm:row-span-1">
        <Thumb member={m} />
      </span>
      {to ? (
        <Link to={to} className="block min-h-11 min-w-0 rounded-md py-0.5 hover:underline">
          {who}
        </Link>
      ) : (
        <span className="block min-w-0">{who}</span>
      )}
      <button
        type="button"
        className="btn btn-ghost min-h-11 justify-self-start px-4 text-[15px] sm:justify-self-end"
        aria-label={intl.formatMessage({ id: 'member.unblock' }, { name: m.name })}
        data-unblock
        onClick={props.onUnblock}
      >
        <FormattedMessage id="blocks.unblock" />
      </button>
    </li>
  );
}

function RowsSkeleton() {
  return (
    <ul className="animate-pulse divide-y divide-line" aria-busy="true">
      {[0, 1].map((i) => (
        <li key={i} className="flex items-center gap-3 py-3">
          <span className="h-16 w-12 rounded-xl bg-surface" />
          <span className="h-4 w-32 rounded-full bg-surface" />
        </li>
      ))}
    </ul>
  );
}

/**
 * The members I blocked, with an unblock button each after a confirmation (M-06). After an unblock the
 * row goes, a status line says so, and focus moves to the next row's button (or the empty text), not lost.
 */
export function BlockedMembers({ labelledBy }: { labelledBy: string }) {
  const blocks = useMyBlocks();
  const unblock = useUnblock();
  const [target, setTarget] = useState<TBlockedMember | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  const focusIndex = useRef<number | null>(null);
  const members = blocks.data?.members;

  // Runs after the dialog has closed and the row is gone; the timeout lets the dialog's own focus
  // return (to the removed button) pass first.
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || target !== null || !members) return;
    focusIndex.current = null;
    window.setTimeout(() => {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-unblock]');
      const next = buttons?.[Math.min(index, buttons.length - 1)] ?? emptyRef.current;
      next?.focus();
    }, 0);
  }, [members, target]);

  function confirm() {
    if (!target || unblock.isPending) return;
    const index = members?.findIndex((m) => m.id === target.id) ?? 0;
    unblock.mutate(target.id, {
      onSuccess: () => {
        focusIndex.current = Math.max(0, index);
        setDone(target.name);
        setTarget(null);
      },
    });
  }

  if (blocks.isPending) return <RowsSkeleton />;
  if (blocks.isError || !blocks.data) return <ErrorAlert error={blocks.error} />;
  const { total } = blocks.data;
  const list = blocks.data.members;

  return (
    <>
      {/* Always there, empty until an unblock: a live region must exist before its text changes. */}
      <p role="status" className="text-sm font-medium text-primary-strong">
        {done && (
          <span className="mb-3 flex items-center gap-1.5">
            <ShieldCheck aria-hidden size={16} className="shrink-0" />
            <FormattedMessage id="blocks.unblocked" values={{ name: done }} />
          </span>
        )}
      </p>
      {list.length === 0 ? (
        <p
          ref={emptyRef}
          tabIndex={-1}
          className="rounded-2xl bg-surface p-4 text-muted"
          data-testid="blocks-empty"
        >
          <FormattedMessage id="blocks.empty" />
        </p>
      ) : (
        <ul ref={listRef} aria-labelledby={labelledBy} className="divide-y divide-line">
          {list.map((m) => (
            <Row
              key={m.id}
              member={m}
              onUnblock={() => {
                unblock.reset();
                setTarget(m);
              }}
            />
          ))}
        </ul>
      )}
      {total > list.length && (
        <p className="mt-4 text-sm text-muted">
          <FormattedMessage id="blocks.capped" values={{ shown: list.length, total }} />
        </p>
      )}
      <ConfirmModal
        open={target !== null}
        onClose={() => setTarget(null)}
        title={<FormattedMessage id="member.unblock_title" values={{ name: target?.name ?? '' }} />}
        description={<FormattedMessage id="member.unblock_body" values={{ name: target?.name ?? '' }} />}
        busy={unblock.isPending}
        confirm={<FormattedMessage id="member.unblock_confirm" />}
        onConfirm={confirm}
      >
        {unblock.isError && (
          <div className="mb-3">
            <ErrorAlert error={unblock.error} />
          </div>
        )}
      </ConfirmModal>
    </>
  );
}
