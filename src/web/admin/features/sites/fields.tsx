// The sites, codes and bundles forms' fields (issue 23 item 5): labelled controls with their error under
// them, and the answer to a failed save.
import { type ReactNode, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AdminApiError, isStepUpRequired } from '../../api.ts';

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
