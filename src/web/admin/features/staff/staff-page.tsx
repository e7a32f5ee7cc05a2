// The staff page (O-01): the table of staff members and its dialogs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTable } from '@tanstack/react-table';
import { Fragment, useMemo, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useOutletContext } from 'react-router';
import type { EnrolLink, StaffMember } from '../../../../shared/contract/admin-staff.ts';
import { type AdminMe, adminCall } from '../../api.ts';
import { useStepUp } from '../../step-up.tsx';
import { buttonClass, useErrorText } from '../auth/factor-forms.tsx';
import {
  features,
  helper,
  InviteForm,
  LinkBox,
  Modal,
  RolesForm,
  STAFF_KEY,
  smallButton,
} from './staff-forms.tsx';

type Dialog =
  | { kind: 'invite' }
  | { kind: 'roles'; member: StaffMember }
  | { kind: 'link'; link: EnrolLink; title: string };

const STAFF_ACTIONS = {
  disable: 'POST /api/admin/staff/:id/disable',
  enable: 'POST /api/admin/staff/:id/enable',
  'reset-factor': 'POST /api/admin/staff/:id/reset-factor',
} as const;

/** `/admin/staff` (issue 23, O-01): staff, their roles per site and second factors; invite and manage. */

export function Component() {
  const me = useOutletContext<AdminMe>();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { withStepUp } = useStepUp();
  const errorText = useErrorText();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const list = useQuery({ queryKey: STAFF_KEY, queryFn: () => adminCall('GET /api/admin/staff') });
  const siteName = (id: number | null) =>
    id === null
      ? intl.formatMessage({ id: 'admin.home.all_sites' })
      : (me.sites.find((s) => s.id === id)?.name ?? `#${id}`);

  const action = useMutation({
    mutationFn: async (a: { member: StaffMember; kind: 'disable' | 'enable' | 'reset-factor' }) =>
      withStepUp(() => adminCall(STAFF_ACTIONS[a.kind], { params: { id: a.member.id } })),
    onSuccess: async (result, a) => {
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      if ('enrolUrl' in result) {
        setDialog({
          kind: 'link',
          link: result,
          title: intl.formatMessage({ id: 'admin.staff.new_link_title' }, { name: a.member.name }),
        });
      } else {
        setNotice({
          error: false,
          text: intl.formatMessage({ id: `admin.staff.done_${a.kind}` }, { name: a.member.name }),
        });
      }
    },
    onError: (err) => setNotice({ error: true, text: errorText(err) }),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns change with the language, the sites and what is busy
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor('name', {
          header: () => intl.formatMessage({ id: 'admin.staff.col_name' }),
          cell: (info) => (
            <div>
              <div className="font-semibold">{info.getValue()}</div>
              <div className="break-all text-muted">{info.row.original.email}</div>
            </div>
          ),
        }),
        helper.accessor('status', {
          header: () => intl.formatMessage({ id: 'admin.staff.col_status' }),
          cell: (info) => intl.formatMessage({ id: `admin.staff.status_${info.getValue()}` }),
        }),
        helper.accessor('grants', {
          header: () => intl.formatMessage({ id: 'admin.staff.roles' }),
          cell: (info) => (
            <ul>
              {info.getValue().map((g) => (
                <li key={`${g.role}-${g.siteId ?? 0}`}>
                  {intl.formatMessage({ id: `admin.role.${g.role}` })} · {siteName(g.siteId)}
                </li>
              ))}
            </ul>
          ),
        }),
        helper.accessor('factors', {
          header: () => intl.formatMessage({ id: 'admin.staff.col_factors' }),
          cell: (info) => {
            const f = info.getValue();
            const names = [f.passkey && 'admin.auth.passkey', f.totp && 'admin.auth.code_app'].filter(
              (x): x is string => !!x,
            );
            return names.length ? names.map((id) => intl.formatMessage({ id })).join(', ') : '—';
          },
        }),
        helper.accessor('lastSignInAt', {
          header: () => intl.formatMessage({ id: 'admin.staff.col_last' }),
          cell: (info) => {
            const v = info.getValue();
            return v ? <FormattedDate value={v} dateStyle="short" timeStyle="short" /> : '—';
          },
        }),
        helper.display({
          id: 'actions',
          header: () => (
            <span className="sr-only">{intl.formatMessage({ id: 'admin.staff.col_actions' })}</span>
          ),
          cell: (info) => {
            const m = info.row.original;
            const self = m.id === me.id;
            const label = (id: string) => intl.formatMessage({ id }, { name: m.name });
            return (
              <div className="flex flex-wrap gap-1">
                <button
                  type="button"
                  className={smallButton}
                  onClick={() => setDialog({ kind: 'roles', member: m })}
                  aria-label={label('admin.staff.edit_roles_of')}
                >
                  <FormattedMessage id="admin.staff.edit_roles" />
                </button>
                {m.status === 'disabled' ? (
                  <button
                    type="button"
                    className={smallButton}
                    disabled={action.isPending}
                    onClick={() => action.mutate({ member: m, kind: 'enable' })}
                    aria-label={label('admin.staff.enable_of')}
                  >
                    <FormattedMessage id="admin.staff.enable" />
                  </button>
                ) : (
                  !self && (
                    <button
                      type="button"
                      className={smallButton}
                      disabled={action.isPending}
                      aria-label={label('admin.staff.disable_of')}
                      onClick={() => {
                        if (window.confirm(label('admin.staff.confirm_disable')))
                          action.mutate({ member: m, kind: 'disable' });
                      }}
                    >
                      <FormattedMessage id="admin.staff.disable" />
                    </button>
                  )
                )}
                {!self && m.status !== 'disabled' && (
                  <button
                    type="button"
                    className={smallButton}
                    disabled={action.isPending}
                    aria-label={label('admin.staff.reset_of')}
                    onClick={() => {
                      if (m.status === 'invited' || window.confirm(label('admin.staff.confirm_reset')))
                        action.mutate({ member: m, kind: 'reset-factor' });
                    }}
                  >
                    <FormattedMessage
                      id={m.status === 'invited' ? 'admin.staff.new_link' : 'admin.staff.reset'}
                    />
                  </button>
                )}
              </div>
            );
          },
        }),
      ]),
    [intl, me, action.isPending],
  );
  const data = useMemo(() => list.data ?? [], [list.data]);
  const table = useTable({ features, columns, data, getRowId: (row) => String(row.id) });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];

  return (
    <section aria-labelledby="staff-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="staff-title" className="text-xl font-bold">
          <FormattedMessage id="admin.staff.title" />
        </h1>
        <button type="button" className={buttonClass} onClick={() => setDialog({ kind: 'invite' })}>
          <FormattedMessage id="admin.staff.invite" />
        </button>
      </div>
      <div role="status" aria-live="polite">
        {notice && (
          <p
            className={`rounded-md p-2 text-sm ${notice.error ? 'bg-danger-soft text-danger' : 'bg-primary-soft text-primary-strong'}`}
          >
            {notice.text}
          </p>
        )}
      </div>
      {list.isPending && (
        <p className="text-muted">
          <FormattedMessage id="admin.loading" />
        </p>
      )}
      {list.isError && (
        <p role="alert" className="text-danger">
          {errorText(list.error)}
        </p>
      )}
      {list.data && (
        // Phones: one card per staff member, the same cells under their column's name.
        <ul className="space-y-3 sm:hidden">
          {table.getRowModel().rows.map((row) => (
            <li key={row.id} className="rounded-lg border border-line bg-white p-3 text-sm">
              {row.getAllCells().map((cell) =>
                cell.column.id === 'name' ? (
                  <div key={cell.id} className="mb-2">
                    <table.FlexRender cell={cell} />
                  </div>
                ) : null,
              )}
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                {row.getAllCells().map((cell) => {
                  const header = headers.find((h) => h.column.id === cell.column.id);
                  if (cell.column.id === 'name' || cell.column.id === 'actions' || !header) return null;
                  return (
                    <Fragment key={cell.id}>
                      <dt className="text-muted">
                        <table.FlexRender header={header} />
                      </dt>
                      <dd>
                        <table.FlexRender cell={cell} />
                      </dd>
                    </Fragment>
                  );
                })}
              </dl>
              {row.getAllCells().map((cell) =>
                cell.column.id === 'actions' ? (
                  <div key={cell.id} className="mt-3">
                    <table.FlexRender cell={cell} />
                  </div>
                ) : null,
              )}
            </li>
          ))}
        </ul>
      )}
      {list.data && (
        <div className="relative hidden overflow-x-auto rounded-lg border border-line bg-white sm:block">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">
              <FormattedMessage id="admin.staff.title" />
            </caption>
            <thead className="bg-surface">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <th key={header.id} scope="col" className="px-3 py-2 font-semibold">
                      {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                    </th>
                  ))}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="border-t border-line align-top">
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className="px-3 py-2">
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Modal
        open={dialog !== null}
        title={
          dialog?.kind === 'invite'
            ? intl.formatMessage({ id: 'admin.staff.invite' })
            : dialog?.kind === 'roles'
              ? intl.formatMessage({ id: 'admin.staff.edit_roles_of' }, { name: dialog.member.name })
              : (dialog?.title ?? '')
        }
        onClose={() => setDialog(null)}
      >
        {dialog?.kind === 'invite' && (
          <InviteForm
            sites={me.sites}
            onDone={(link) => {
              void queryClient.invalidateQueries({ queryKey: STAFF_KEY });
              setDialog({
                kind: 'link',
                link,
                title: intl.formatMessage({ id: 'admin.staff.invited_title' }),
              });
            }}
          />
        )}
        {dialog?.kind === 'roles' && (
          <RolesForm member={dialog.member} sites={me.sites} onDone={() => setDialog(null)} />
        )}
        {dialog?.kind === 'link' && <LinkBox link={dialog.link} onClose={() => setDialog(null)} />}
      </Modal>
    </section>
  );
}
