// The pieces the sites, codes and bundles screens share (issue 23 item 5): a server-sorted table, filters
// kept in the address, and names of countries and amounts. The form fields are in fields.tsx.
import {
  type ColumnDef,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';

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
