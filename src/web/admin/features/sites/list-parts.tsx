// What the back office's list pages (sites, discount codes, credit bundles; O-04) share: the heading with
// its add action, the search box, the status filter and the list's loading, error and empty states.
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SaveError, SelectInput } from './fields.tsx';
import { buttonClass } from './ui.tsx';

export function ListHeading({ id, title, action }: { id: string; title: string; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h1 id={id} className="text-xl font-bold">
        <FormattedMessage id={title} />
      </h1>
      {action}
    </div>
  );
}

/** A search field sent with its button (not on every key): `onSearch` gets the text. */
export function SearchBox({
  id,
  label,
  value,
  onSearch,
  formClassName,
  inputClassName,
}: {
  id: string;
  label: string;
  value: string;
  onSearch: (q: string) => void;
  formClassName: string;
  inputClassName: string;
}) {
  return (
    <form
      className={formClassName}
      onSubmit={(e) => {
        e.preventDefault();
        const q = new FormData(e.currentTarget).get('q');
        onSearch(typeof q === 'string' ? q : '');
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          <FormattedMessage id={label} />
        </label>
        <input
          id={id}
          name="q"
          type="search"
          key={value}
          defaultValue={value}
          className={`min-h-11 rounded-md border border-line px-3 ${inputClassName}`}
        />
      </div>
      <button type="submit" className={buttonClass}>
        <FormattedMessage id="admin.sites.search_button" />
      </button>
    </form>
  );
}

/** All, active or inactive. */
export function StatusFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (status: string) => void;
}) {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  return (
    <div className="w-40">
      <SelectInput
        label={label}
        value={value}
        onChange={onChange}
        options={['all', 'active', 'inactive'].map((v) => ({
          value: v,
          label: f(v === 'all' ? 'admin.sites.filter.all' : `admin.sites.status.${v}`),
        }))}
      />
    </div>
  );
}

/** A list's error, its loading, its empty text when it has no rows, else the rows (`children()`). */
export function ListState({
  list,
  count,
  empty,
  children,
}: {
  list: { isError: boolean; error: unknown; isPending: boolean };
  /** The rows loaded, or undefined before the first answer. */
  count: number | undefined;
  empty: string;
  children: () => ReactNode;
}) {
  return (
    <>
      {list.isError ? <SaveError error={list.error} /> : null}
      {list.isPending ? (
        <p role="status" className="text-muted">
          <FormattedMessage id="admin.loading" />
        </p>
      ) : count === undefined ? null : count === 0 ? (
        <p className="text-muted">
          <FormattedMessage id={empty} />
        </p>
      ) : (
        children()
      )}
    </>
  );
}
