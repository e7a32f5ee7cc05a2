import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorAria, FieldError, inputClass } from '../../../components/form.tsx';

/** Day, month and year as three selects: quick on a phone, no date-picker guessing; gives YYYY-MM-DD. */
export function BirthDateField(props: {
  value: { day: string; month: string; year: string };
  onChange(value: { day: string; month: string; year: string }): void;
  error?: string;
  minAge: number;
}) {
  const intl = useIntl();
  const id = useId();
  const errorId = `${id}-error`;
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 100 - props.minAge + 1 }, (_, i) => thisYear - props.minAge - i);
  const monthName = new Intl.DateTimeFormat(intl.locale, { month: 'long', timeZone: 'UTC' });
  const select = (part: 'day' | 'month' | 'year', options: { value: string; label: string }[]) => (
    <div>
      <label htmlFor={`${id}-${part}`} className="block text-sm text-muted">
        <FormattedMessage id={`signup.dob_${part}`} />
      </label>
      <select
        id={`${id}-${part}`}
        name={`dob_${part}`}
        autoComplete={`bday-${part}`}
        value={props.value[part]}
        onChange={(e) => props.onChange({ ...props.value, [part]: e.target.value })}
        {...errorAria(props.error, errorId)}
        className={`${inputClass} mt-1 px-2.5`}
      >
        <option value="">–</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <fieldset>
      <legend className="font-semibold">
        <FormattedMessage id="signup.date_of_birth" />
      </legend>
      <div className="mt-1 grid grid-cols-[4.75rem_1fr_6rem] gap-2">
        {select(
          'day',
          Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
        )}
        {select(
          'month',
          Array.from({ length: 12 }, (_, i) => ({
            value: String(i + 1),
            label: monthName.format(Date.UTC(2000, i, 1)),
          })),
        )}
        {select(
          'year',
          years.map((y) => ({ value: String(y), label: String(y) })),
        )}
      </div>
      <FieldError id={errorId} error={props.error} />
    </fieldset>
  );
}
