// The staff page's dialogs (O-01): the modal, inviting, roles per site and the enrolment link.
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures } from '@tanstack/react-table';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  type EnrolLink,
  STAFF_ROLE_NAMES,
  type StaffGrantInput,
  type StaffMember,
} from '../../../../shared/contract/admin-staff.ts';
import { type AdminMe, adminCall } from '../../api.ts';
import { useStepUp } from '../../step-up.tsx';
import {
  AuthField,
  buttonClass,
  ErrorText,
  inputClass,
  secondaryButtonClass,
  useErrorText,
} from '../auth/factor-forms.tsx';

export const STAFF_KEY = ['admin', 'staff'] as const;
export const features = tableFeatures({});
export const helper = createColumnHelper<typeof features, StaffMember>();
export const smallButton =
  'inline-flex min-h-11 items-center rounded-md border border-line bg-white px-3 text-sm hover:bg-surface disabled:opacity-60';

/** A native modal dialog: opened while `open`, Escape and the close button call `onClose`. */
export function Modal({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(34rem,calc(100vw-1.5rem))] rounded-lg p-0 shadow-xl backdrop:bg-black/40"
    >
      {open && (
        <div className="space-y-4 p-5">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}

/** Roles per site: each row a role and a site (or every site). */
function GrantsEditor({
  grants,
  onChange,
  sites,
}: {
  grants: StaffGrantInput[];
  onChange: (next: StaffGrantInput[]) => void;
  sites: AdminMe['sites'];
}) {
  const intl = useIntl();
  const set = (i: number, g: StaffGrantInput) => onChange(grants.map((x, j) => (j === i ? g : x)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold">
        <FormattedMessage id="admin.staff.roles" />
      </legend>
      {grants.length === 0 && (
        <p className="text-sm text-muted">
          <FormattedMessage id="admin.staff.no_roles" />
        </p>
      )}
      {grants.map((g, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
        <div key={i} className="flex flex-wrap items-end gap-2">
          <label className="min-w-32 flex-1 text-sm">
            <span className="block">
              <FormattedMessage id="admin.staff.role" values={{ n: i + 1 }} />
            </span>
            <select
              className={inputClass}
              value={g.role}
              onChange={(e) => set(i, { ...g, role: e.target.value as StaffGrantInput['role'] })}
            >
              {STAFF_ROLE_NAMES.map((r) => (
                <option key={r} value={r}>
                  {intl.formatMessage({ id: `admin.role.${r}` })}
                </option>
              ))}
            </select>
          </label>
          <label className="min-w-32 flex-1 text-sm">
            <span className="block">
              <FormattedMessage id="admin.staff.site" values={{ n: i + 1 }} />
            </span>
            <select
              className={inputClass}
              value={g.siteId ?? ''}
              onChange={(e) =>
                set(i, { ...g, siteId: e.target.value === '' ? null : Number(e.target.value) })
              }
            >
              <option value="">{intl.formatMessage({ id: 'admin.home.all_sites' })}</option>
              {sites.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className={smallButton}
            onClick={() => onChange(grants.filter((_, j) => j !== i))}
            aria-label={intl.formatMessage({ id: 'admin.staff.remove_role' }, { n: i + 1 })}
          >
            <FormattedMessage id="admin.staff.remove" />
          </button>
        </div>
      ))}
      <button
        type="button"
        className={smallButton}
        onClick={() => onChange([...grants, { role: 'operator', siteId: null }])}
      >
        <FormattedMessage id="admin.staff.add_role" />
      </button>
    </fieldset>
  );
}

/** An enrolment link, shown once, with a copy button. */
export function LinkBox({ link, onClose }: { link: EnrolLink; onClose: () => void }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-3">
      <label htmlFor={id} className="block text-sm">
        <FormattedMessage id="admin.staff.link_text" />
      </label>
      <input
        id={id}
        className={`${inputClass} font-mono text-sm`}
        readOnly
        value={link.enrolUrl}
        onFocus={(e) => e.target.select()}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass}
          onClick={() =>
            navigator.clipboard?.writeText(link.enrolUrl).then(
              () => setCopied(true),
              () => {},
            )
          }
        >
          <FormattedMessage id={copied ? 'admin.auth.copied' : 'admin.staff.copy_link'} />
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          <FormattedMessage id="admin.staff.close" />
        </button>
      </div>
    </div>
  );
}

export function InviteForm({
  sites,
  onDone,
}: {
  sites: AdminMe['sites'];
  onDone: (link: EnrolLink) => void;
}) {
  const { withStepUp } = useStepUp();
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [grants, setGrants] = useState<StaffGrantInput[]>([{ role: 'operator', siteId: null }]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { email: useId(), name: useId(), error: useId() };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onDone(await withStepUp(() => adminCall('POST /api/admin/staff', { body: { email, name, grants } })));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <AuthField
        id={ids.email}
        label="admin.auth.email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        maxLength={254}
        required
      />
      <AuthField
        id={ids.name}
        label="admin.auth.name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={80}
        required
      />
      <GrantsEditor grants={grants} onChange={setGrants} sites={sites} />
      <ErrorText id={ids.error} text={error} />
      <button type="submit" className={buttonClass} disabled={busy}>
        <FormattedMessage id="admin.staff.invite_send" />
      </button>
    </form>
  );
}

export function RolesForm({
  member,
  sites,
  onDone,
}: {
  member: StaffMember;
  sites: AdminMe['sites'];
  onDone: () => void;
}) {
  const { withStepUp } = useStepUp();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [grants, setGrants] = useState<StaffGrantInput[]>(member.grants);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await withStepUp(() =>
        adminCall('PUT /api/admin/staff/:id/roles', { params: { id: member.id }, body: { grants } }),
      );
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'me'] });
      onDone();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <p className="text-sm text-muted">
        {member.name} · {member.email}
      </p>
      <GrantsEditor grants={grants} onChange={setGrants} sites={sites} />
      <ErrorText id={errorId} text={error} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass} disabled={busy}>
          <FormattedMessage id="admin.staff.save" />
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onDone}>
          <FormattedMessage id="admin.auth.cancel" />
        </button>
      </div>
    </form>
  );
}
