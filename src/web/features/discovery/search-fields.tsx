// The search's own fields, the match finder's too: a labelled select, an age select, a check, an age range.
import { type ReactNode, useId } from 'react';
import { useIntl } from 'react-intl';
import { SEARCH } from '../../../shared/contract/constants.ts';
import { errorAria, FieldError, inputClass } from '../../components/form.tsx';
import type { SearchForm } from './search-query.ts';

const AGES = Array.from({ length: 99 - SEARCH.minAge + 1 }, (_, i) => String(SEARCH.minAge + i));

export function Select(props: {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  children: ReactNode;
  disabled?: boolean;
  error?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={props.className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value)}
        {...errorAria(props.error, `${id}-error`)}
        className={`${inputClass} mt-1 min-h-11`}
      >
        {props.children}
      </select>
      <FieldError id={`${id}-error`} error={props.error} />
    </div>
  );
}

/** The lowest or the highest age of the filters: any, or one of SEARCH.minAge..99. */
export function AgeSelect(props: {
  field: 'min_age' | 'max_age';
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  const intl = useIntl();
  return (
    <Select
      label={intl.formatMessage({ id: `search.${props.field}` })}
      name={props.field}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
    >
      <option value="">{intl.formatMessage({ id: 'search.age_any' })}</option>
      {AGES.map((a) => (
        <option key={a} value={a}>
          {a}
        </option>
      ))}
    </Select>
  );
}

/** A filter that is on or off ("Nu online", "Met foto"), a real checkbox with a 44 px target. */
export function Check(props: {
  name: 'online' | 'photo';
  label: string;
  form: SearchForm;
  set(patch: Partial<SearchForm>): void;
}) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 font-medium">
      <input
        type="checkbox"
        name={props.name}
        value="1"
        checked={props.form[props.name] === '1'}
        onChange={(e) => props.set({ [props.name]: e.target.checked ? '1' : '' })}
        className="size-5 accent-primary"
      />
      {props.label}
    </label>
  );
}

/** The oldest age the range shows; at it the range is open ("99+"). */
const AGE_TOP = 99;

/**
 * The age filter as one range with two thumbs (issue 27): each thumb a native range input, so keys,
 * touch and screen readers work as they do on any slider. An end at its limit means "any".
 */
export function AgeRange(props: {
  min: string | null;
  max: string | null;
  onChange(patch: Partial<SearchForm>, changed: 'min_age' | 'max_age'): void;
  error?: string;
}) {
  const intl = useIntl();
  const id = useId();
  const lo = props.min ? Number(props.min) : SEARCH.minAge;
  const hi = props.max ? Number(props.max) : AGE_TOP;
  const span = AGE_TOP - SEARCH.minAge;
  const pct = (n: number) => `${((n - SEARCH.minAge) / span) * 100}%`;
  const years = (n: number) => (n >= AGE_TOP ? `${AGE_TOP}+` : String(n));
  const thumb =
    'pointer-events-none absolute inset-0 h-11 w-full appearance-none bg-transparent [&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-6 [&::-moz-range-thumb]:cursor-pointer [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-white [&::-moz-range-thumb]:bg-primary [&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-6 [&::-webkit-slider-thumb]:cursor-pointer [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-white [&::-webkit-slider-thumb]:bg-primary [&::-webkit-slider-thumb]:shadow focus-visible:outline-none [&:focus-visible::-webkit-slider-thumb]:ring-4 [&:focus-visible::-webkit-slider-thumb]:ring-primary/30';
  return (
    <fieldset
      className="col-span-2 min-w-0 lg:col-span-1"
      aria-describedby={props.error ? `${id}-error` : undefined}
    >
      <legend className="flex w-full justify-between text-sm font-semibold">
        <span>{intl.formatMessage({ id: 'search.ages' })}</span>
        <span className="font-medium text-muted" data-testid="age-range-value">
          {intl.formatMessage({ id: 'search.ages_value' }, { min: lo, max: years(hi) })}
        </span>
      </legend>
      <div className="relative mt-1 h-11">
        <span
          aria-hidden
          className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-line"
        />
        <span
          aria-hidden
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-primary"
          style={{ left: pct(lo), right: `calc(100% - ${pct(hi)})` }}
        />
        {props.min !== null && (
          <input
            type="range"
            name="min_age"
            min={SEARCH.minAge}
            max={AGE_TOP}
            value={lo}
            aria-label={intl.formatMessage({ id: 'search.min_age' })}
            aria-valuetext={intl.formatMessage({ id: 'search.ages_value' }, { min: lo, max: years(hi) })}
            onChange={(e) => {
              const n = Math.min(Number(e.target.value), hi);
              props.onChange({ min_age: n <= SEARCH.minAge ? '' : String(n) }, 'min_age');
            }}
            className={thumb}
          />
        )}
        {props.max !== null && (
          <input
            type="range"
            name="max_age"
            min={SEARCH.minAge}
            max={AGE_TOP}
            value={hi}
            aria-label={intl.formatMessage({ id: 'search.max_age' })}
            aria-valuetext={intl.formatMessage({ id: 'search.ages_value' }, { min: lo, max: years(hi) })}
            onChange={(e) => {
              const n = Math.max(Number(e.target.value), lo);
              props.onChange({ max_age: n >= AGE_TOP ? '' : String(n) }, 'max_age');
            }}
            className={thumb}
          />
        )}
      </div>
      <FieldError id={`${id}-error`} error={props.error} />
    </fieldset>
  );
}
