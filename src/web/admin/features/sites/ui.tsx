import {
  type ColumnDef,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useCallback, useId, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { AdminApiError, isStepUpRequired } from '../../api.ts';

// The pieces the sites, codes and bundles screens share (issue 23 item 5): a server-sorted table, filters
// kept in the address, labelled fields with their error under them, and the answer to a failed save.

export const tableFeaturesSorted = tableFeatures({ rowSortingFeature });
export type SortedFeatures = typeof tableFeaturesSorted;

/** Filters and sorting in the address: `?q=…&sort=…`, defaults left out so addresses stay short. */
export function useUrlState<T extends Record<string, string>>(defaults: T) {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => {
    const out = { ...defaults };
    for (const key of Object.keys(defaults)) {
      const v = params.get(key);
      if (v !== null) (out as Record<string, string>)[key] = v;
    }
    return out;
  }, [params, defaults]);
  const set = useCallback(
    (patch: Partial<T>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === undefined || v === '' || v === defaults[k]) next.delete(k);
            else next.set(k, String(v));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams, defaults],
  );
  return [values, set] as const;
}

/**
 * A table sorted by the server: clicking a sortable header changes `sort`/`dir` (in the address); the
 * rows come back in that order. Keyboard: headers are buttons; `aria-sort` tells screen readers.
 */
export function DataTable<T extends RowData>({
  columns,
  data,
  sort,
  dir,
  onSort,
  caption,
  rowKey,
}: {
  columns: ColumnDef<SortedFeatures, T, unknown>[];
  data: T[];
  sort?: string;
  dir?: 'asc' | 'desc';
  onSort?: (sort: string, dir: 'asc' | 'desc') => void;
  caption: string;
  rowKey: (row: T) => string;
}) {
  const sorting: SortingState = sort ? [{ id: sort, desc: dir === 'desc' }] : [];
  const table = useTable(
    {
      features: tableFeaturesSorted,
      columns,
      data,
      manualSorting: true,
      enableSortingRemoval: false,
      getRowId: (row) => rowKey(row),
      state: { sorting },
      onSortingChange: (updater) => {
        const next = typeof updater === 'function' ? updater(sorting) : updater;
        const first = next[0];
        if (first && onSort) onSort(first.id, first.desc ? 'desc' : 'asc');
      },
    },
    (state) => ({ sorting: state.sorting }),
  );
  return (
    <div className="relative overflow-x-auto rounded-md border border-line bg-white">
      <table className="w-full min-w-[36rem] border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface text-left">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const canSort = header.column.getCanSort() && !!onSort;
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className="whitespace-nowrap border-b border-line px-3 py-2 font-semibold"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.isPlaceholder ? null : canSort ? (
                      <button
                        type="button"
                        className="inline-flex min-h-11 items-center gap-1 hover:underline"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        <table.FlexRender header={header} />
                        <span aria-hidden="true">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="border-b border-line last:border-0 hover:bg-surface">
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className="px-3 py-2 align-middle">
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A field message: a catalog id from the shared schema (checked here) or the server's text already. */
export function useFieldText() {
  const intl = useIntl();
  return (message: string | undefined) =>
    message === undefined
      ? undefined
      : /^admin(\.[a-z_]+)+$/.test(message)
        ? intl.formatMessage({ id: message })
        : message;
}

/** What a failed save shows: the step-up hint, the server's message, or the general error. */
export function SaveError({ error }: { error: unknown }) {
  if (!error) return null;
  if (isStepUpRequired(error)) {
    return (
      <div role="alert" className="rounded-md border border-warning bg-amber-50 p-3 text-sm">
        <p className="font-semibold">
          <FormattedMessage id="admin.sites.step_up.title" />
        </p>
        <p>
          <FormattedMessage id="admin.sites.step_up.body" />
        </p>
      </div>
    );
  }
  const message = error instanceof AdminApiError ? error.message : null;
  return (
    <p role="alert" className="rounded-md border border-danger bg-danger-soft p-3 text-sm text-danger">
      {message ?? <FormattedMessage id="admin.error.general" />}
    </p>
  );
}

const inputClass =
  'min-h-11 w-full rounded-md border border-line bg-white px-3 aria-[invalid=true]:border-danger';

/** A labelled control with its hint and its error under it (linked by aria-describedby). */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': !!error, ...(described ? { 'aria-describedby': described } : {}) })}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextInput({
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  autoComplete = 'off',
  name,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  hint?: string;
  type?: string;
  autoComplete?: string;
  name?: string;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(p) => (
        <input
          {...p}
          name={name}
          type={type}
          autoComplete={autoComplete}
          className={inputClass}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** A whole number; an empty or partial entry is kept as NaN, which the schema refuses with its message. */
export function NumberInput({
  label,
  value,
  onChange,
  error,
  hint,
  min,
  max,
  name,
}: {
  label: string;
  value: number | null;
  onChange: (v: number) => void;
  error?: string | undefined;
  hint?: string;
  min?: number;
  max?: number;
  name?: string;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(p) => (
        <input
          {...p}
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          className={inputClass}
          value={value === null || Number.isNaN(value) ? '' : value}
          onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
        />
      )}
    </Field>
  );
}

export function SelectInput({
  label,
  value,
  onChange,
  options,
  error,
  name,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
  error?: string | undefined;
  name?: string;
}) {
  return (
    <Field label={label} error={error}>
      {(p) => (
        <select
          {...p}
          name={name}
          className={inputClass}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function Checkbox({
  label,
  checked,
  onChange,
  error,
  name,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  error?: string | undefined;
  name?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="flex min-h-11 items-center gap-2 text-sm">
        <input
          id={id}
          name={name}
          type="checkbox"
          className="size-5 accent-primary"
          checked={checked}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        {label}
      </label>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A group of checkboxes for a list of choices (countries, profile fields), in one fieldset. */
export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  error,
  columns = 'sm:grid-cols-3',
}: {
  legend: string;
  options: { value: string; label: string }[];
  value: readonly string[];
  onChange: (v: string[]) => void;
  error?: string | undefined;
  columns?: string;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={!!error}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className={`grid grid-cols-2 gap-x-4 ${columns}`}>
        {options.map((o) => (
          <label key={o.value} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-5 accent-primary"
              checked={value.includes(o.value)}
              onChange={(e) =>
                onChange(e.target.checked ? [...value, o.value] : value.filter((v) => v !== o.value))
              }
            />
            {o.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export { buttonClass, primaryButtonClass } from '../../buttons.ts';

/** A country's name in the staff's language. */
export function useCountryName() {
  const intl = useIntl();
  const names = useMemo(() => new Intl.DisplayNames([intl.locale], { type: 'region' }), [intl.locale]);
  return (code: string) => names.of(code) ?? code;
}

/** An amount in cents in its currency, in the staff's language. */
export function useMoney() {
  const intl = useIntl();
  return (cents: number, currency: string) =>
    new Intl.NumberFormat(intl.locale, { style: 'currency', currency }).format(cents / 100);
}
