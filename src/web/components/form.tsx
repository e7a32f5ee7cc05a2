import { CircleAlert, Eye, EyeOff } from 'lucide-react';
import { type ReactNode, type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ZodError } from 'zod';
import { ApiError } from '../api/client.ts';
import { errorText } from '../api/error-text.ts';

export type FieldErrors = Record<string, string>;

export const inputClass =
  'mt-1.5 block min-h-12 w-full rounded-xl border border-line bg-white px-3.5 text-base shadow-xs transition-colors placeholder:text-muted/70 focus:border-primary aria-[invalid=true]:border-danger';

/** A field's error under it, with the id its input points to through aria-describedby. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-danger">
      <CircleAlert aria-hidden size={16} className="mt-0.5 shrink-0" />
      <span>{error}</span>
    </p>
  );
}

/** A message about the whole form (login failed, too many tries); read out when it appears. */
export function FormAlert({ children, tone = 'danger' }: { children: ReactNode; tone?: 'danger' | 'ok' }) {
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={`flex items-start gap-2 rounded-xl px-4 py-3 text-sm font-medium ${
        tone === 'danger' ? 'bg-danger/8 text-danger' : 'bg-primary-soft text-primary-strong'
      }`}
    >
      {tone === 'danger' && <CircleAlert aria-hidden size={18} className="mt-px shrink-0" />}
      <div>{children}</div>
    </div>
  );
}

/** The form-level message of `useFormErrors` (or any other text), or nothing when there is none. */
export function FormMessage({ message }: { message: string | null | undefined }) {
  return message ? <FormAlert>{message}</FormAlert> : null;
}

/** A failed call (a mutation's or query's `error`) in the member's words, or nothing when there is none. */
export function ErrorAlert({ error }: { error: unknown }) {
  const intl = useIntl();
  return error ? <FormAlert>{errorText(error, intl)}</FormAlert> : null;
}

/**
 * A form's submit button: disabled while the form is on its way, showing "sending" (or "saving") meanwhile.
 * The default look is the full-width primary button of the small account forms.
 */
export function SubmitButton(props: {
  pending: boolean;
  children: ReactNode;
  /** "saving" for forms that change something already there; "sending" otherwise. */
  pendingText?: 'sending' | 'saving';
  className?: string;
  /** Disabled for another reason as well (nothing to save). */
  disabled?: boolean;
  icon?: ReactNode;
}) {
  return (
    <button
      type="submit"
      className={props.className ?? 'btn btn-primary w-full text-base'}
      disabled={props.pending || props.disabled}
    >
      {props.icon}
      {!props.pending ? (
        props.children
      ) : props.pendingText === 'saving' ? (
        <FormattedMessage id="form.saving" />
      ) : (
        <FormattedMessage id="form.sending" />
      )}
    </button>
  );
}

function describedBy(...ids: (string | false | undefined)[]) {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

/** The aria attributes that tie a control to its error under it (`FieldError` with `errorId`). */
export function errorAria(error: string | undefined, errorId: string) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;
}

/** Label, optional hint, the control, and its error: the frame of `TextField` and `PasswordField`. */
function FieldFrame(props: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="block font-semibold">
        {props.label}
      </label>
      {props.hint !== undefined && (
        <p id={`${props.id}-hint`} className="mt-0.5 text-sm text-muted">
          {props.hint}
        </p>
      )}
      {props.children}
      <FieldError id={`${props.id}-error`} error={props.error} />
    </div>
  );
}

export function TextField(props: {
  label: ReactNode;
  name: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: ReactNode;
  type?: 'text' | 'email';
  autoComplete?: string;
  inputMode?: 'email' | 'text';
  maxLength?: number;
  multiline?: boolean;
  /** Lines of a multiline field (3 unless said). */
  rows?: number;
  required?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const common = {
    id,
    name: props.name,
    value: props.value,
    maxLength: props.maxLength,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': describedBy(props.hint !== undefined && hintId, props.error && errorId),
    'aria-required': props.required || undefined,
  };
  return (
    <FieldFrame id={id} label={props.label} hint={props.hint} error={props.error}>
      {props.multiline ? (
        <textarea
          {...common}
          rows={props.rows ?? 3}
          onChange={(e) => props.onChange(e.target.value)}
          className={`${inputClass} py-3`}
        />
      ) : (
        <input
          {...common}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          spellCheck={props.type === 'email' ? false : undefined}
          autoCapitalize={props.type === 'email' ? 'none' : undefined}
          onChange={(e) => props.onChange(e.target.value)}
          className={inputClass}
        />
      )}
    </FieldFrame>
  );
}

/** A password with a show/hide button; `autoComplete` tells managers whether it is new or current. */
export function PasswordField(props: {
  label: ReactNode;
  name: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: ReactNode;
  autoComplete: 'new-password' | 'current-password';
}) {
  const intl = useIntl();
  const [shown, setShown] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <FieldFrame id={id} label={props.label} hint={props.hint} error={props.error}>
      <div className="relative">
        <input
          id={id}
          name={props.name}
          type={shown ? 'text' : 'password'}
          value={props.value}
          autoComplete={props.autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          onChange={(e) => props.onChange(e.target.value)}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy(props.hint !== undefined && hintId, props.error && errorId)}
          className={`${inputClass} pr-14`}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-controls={id}
          aria-label={intl.formatMessage({ id: 'form.show_password' })}
          className="absolute right-1 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-lg text-muted hover:bg-surface hover:text-ink"
        >
          {shown ? <EyeOff aria-hidden size={20} /> : <Eye aria-hidden size={20} />}
        </button>
      </div>
    </FieldFrame>
  );
}

/** The legend, the tappable pills (radios or checkboxes) and the error of ChoiceField and ChoicesField. */
function Pills<T extends string>(props: {
  legend: ReactNode;
  name: string;
  type: 'radio' | 'checkbox';
  options: readonly T[];
  checked(value: T): boolean;
  onPick(value: T): void;
  label(value: T): string;
  error?: string;
  hint?: ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <fieldset aria-describedby={describedBy(props.hint !== undefined && hintId, props.error && errorId)}>
      <legend className="font-semibold">{props.legend}</legend>
      {props.hint !== undefined && (
        <p id={hintId} className="mt-0.5 text-sm text-muted">
          {props.hint}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {props.options.map((option) => (
          <label
            key={option}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line bg-white py-1.5 pl-3 pr-4 text-[15px] transition-colors hover:border-primary/60 has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:checked]:font-semibold has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary"
          >
            <input
              type={props.type}
              name={props.name}
              value={option}
              checked={props.checked(option)}
              onChange={() => props.onPick(option)}
              {...errorAria(props.error, errorId)}
              className="size-4 shrink-0 accent-[var(--color-primary)]"
            />
            {props.label(option)}
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={props.error} />
    </fieldset>
  );
}

/** One choice among a few, as large tappable pills (a radio group under a legend). */
export function ChoiceField<T extends string>(props: {
  legend: ReactNode;
  name: string;
  options: readonly T[];
  value: T | undefined;
  onChange(value: T): void;
  label(value: NoInfer<T>): string;
  error?: string;
}) {
  return <Pills {...props} type="radio" checked={(o) => props.value === o} onPick={props.onChange} />;
}

/** Some of a few, as the same pills (checkboxes under a legend); the value keeps the options' order. */
export function ChoicesField<T extends string>(props: {
  legend: ReactNode;
  name: string;
  options: readonly T[];
  value: readonly T[];
  onChange(value: T[]): void;
  label(value: NoInfer<T>): string;
  error?: string;
  hint?: ReactNode;
}) {
  const toggle = (o: T) =>
    props.onChange(
      props.options.filter((x) => (x === o ? !props.value.includes(o) : props.value.includes(x))),
    );
  return <Pills {...props} type="checkbox" checked={(o) => props.value.includes(o)} onPick={toggle} />;
}

/** Client-side zod issues as field -> catalog text (the first issue of each field wins). */
export function zodFieldErrors(
  error: ZodError,
  format: (id: string) => string,
  fieldOf: (path: PropertyKey[]) => string = (path) => String(path[0] ?? ''),
): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = fieldOf(issue.path);
    // Contract messages are catalog ids; zod's own defaults (a schema without one) get the general text.
    const id = /^[a-z_]+\.[a-z0-9_.]+$/.test(issue.message) ? issue.message : 'error.invalid_field';
    if (!out[field]) out[field] = format(id);
  }
  return out;
}

/**
 * Errors of one form: inline field errors (client or server), one form-level message, and focus on the
 * first invalid field after each failed submit.
 */
export function useFormErrors(formRef: RefObject<HTMLFormElement | null>) {
  const intl = useIntl();
  const [fields, setFields] = useState<FieldErrors>({});
  const [form, setForm] = useState<string | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (tick === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [tick, formRef]);

  const fail = useCallback((next: FieldErrors, message: string | null = null) => {
    setFields(next);
    setForm(message);
    setTick((t) => t + 1);
  }, []);

  /**
   * Shows what the server said: its field texts inline under the fields this form has, anything else
   * (a field the form does not show, or no fields at all) as the message above the form.
   */
  const fromServer = useCallback(
    (err: unknown, known: readonly string[]) => {
      if (err instanceof ApiError && err.status < 500) {
        const inline: FieldErrors = {};
        const other: string[] = [];
        for (const [field, text] of Object.entries(err.fields)) {
          if (known.includes(field)) inline[field] = text;
          else other.push(text);
        }
        const shown = Object.keys(inline).length > 0;
        fail(inline, other.length > 0 ? other.join(' ') : shown ? null : err.message);
      } else {
        fail({}, intl.formatMessage({ id: 'error.general' }));
      }
    },
    [fail, intl],
  );

  const clear = useCallback(() => {
    setFields({});
    setForm(null);
  }, []);

  const clearField = useCallback((name: string) => {
    setFields((f) => {
      if (!f[name]) return f;
      const { [name]: _gone, ...rest } = f;
      return rest;
    });
  }, []);

  /**
   * The props that tie a field to this form's errors: its name, its error, and a change handler that
   * stores the value and clears the field's error.
   */
  const bind = <V,>(name: string, onChange: (value: V) => void) => ({
    name,
    error: fields[name],
    onChange: (value: V) => {
      onChange(value);
      clearField(name);
    },
  });

  return { fields, form, fail, fromServer, clear, clearField, bind };
}

export function useFormRef() {
  return useRef<HTMLFormElement>(null);
}

/**
 * A light e-mail check for the login and reset forms, so they need not load the schema library; the
 * server checks with the contract's schema.
 */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) && value.trim().length <= 254;
}
