import { Heart } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { GENDERS, makeSignupSchema } from '../../../../shared/contract/accounts.ts';
import { pathFor } from '../../../../shared/routes.ts';
import { ApiError } from '../../../api/client.ts';
import { useSignup } from '../../../api/session.ts';
import {
  ChoiceField,
  ChoicesField,
  errorAria,
  FieldError,
  type FieldErrors,
  FormMessage,
  PasswordField,
  SubmitButton,
  TextField,
  useFormErrors,
  useFormRef,
  zodFieldErrors,
} from '../../../components/form.tsx';
import { pageLink } from '../../../components/page-link.tsx';
import { Link } from '../../../components/route-link.tsx';
import { useHydrating } from '../../../components/use-media-query.ts';
import { useSite } from '../../../site-context.tsx';
import { readTracking } from '../../../tracking.ts';
import { loginPath } from '../redirect.ts';
import { useOptionLabel } from '../shared.tsx';
import { BirthDateField } from './birth-date-field.tsx';
import { usePhone } from './phone.ts';
import { type ChosenPlace, PlaceField } from './place-field.tsx';
import { clearSignupDraft, readSignupDraft, writeSignupDraft } from './signup-draft.ts';
import { StepActions } from './step-actions.tsx';

type Gender = (typeof GENDERS)[number];
const FIELDS = [
  'gender',
  'looking_for',
  'place',
  'name',
  'date_of_birth',
  'email',
  'password',
  'signup_message',
  'terms',
] as const;
type Field = (typeof FIELDS)[number];
/**
 * The phone screens: one question each, and the terms on the last one with the opening line (issue 27: a
 * screen of their own was one too many).
 */
const QUESTIONS: readonly (readonly Field[])[] = [
  ['gender'],
  ['looking_for'],
  ['place'],
  ['name'],
  ['date_of_birth'],
  ['email'],
  ['password'],
  ['signup_message', 'terms'],
];
export const ACCOUNT_QUESTIONS = QUESTIONS.length;

const pad = (n: string) => n.padStart(2, '0');

/**
 * The phone question a history entry shows: each "Verder" pushes an entry of the same address with the
 * next question in its state, so the browser's back button steps back a question, as "Terug" does,
 * instead of leaving the signup with every answer (decision 0015).
 */
export function questionIn(state: unknown): number {
  const q = (state as { signupQuestion?: unknown } | null)?.signupQuestion;
  return typeof q === 'number' && Number.isInteger(q) && q > 0 ? Math.min(q, QUESTIONS.length - 1) : 0;
}

type AccountStepProps = { onLeave?: () => void; onClosed(): void };

/**
 * Step 0: the account. Validated with the server's own schema before it is sent. A reload
 * keeps the answers given in this tab, which only the browser has: the server's render and hydration show
 * the empty form, and the browser's own form (with the answers) takes its place at once.
 */
export function AccountStep(props: AccountStepProps) {
  const hydrating = useHydrating();
  return <AccountForm key={hydrating ? 'server' : 'browser'} {...props} hydrating={hydrating} />;
}

function AccountForm({ onLeave, onClosed, hydrating }: AccountStepProps & { hydrating: boolean }) {
  const { settings } = useSite();
  const intl = useIntl();
  const signup = useSignup();
  const formRef = useFormRef();
  const errors = useFormErrors(formRef);
  const genderLabel = useOptionLabel('gender');
  const lookingForLabel = useOptionLabel('looking_for');
  const termsId = useId();
  const [emailTaken, setEmailTaken] = useState(false);
  // A reload keeps the answers given in this tab (not the password or the terms).
  const [draft] = useState(() => (hydrating ? {} : readSignupDraft()));
  const [values, setValues] = useState({
    email: draft.email ?? '',
    name: draft.name ?? '',
    password: '',
    signup_message: draft.signup_message ?? '',
    gender: draft.gender,
    looking_for: draft.looking_for ?? [],
    terms: false,
  });
  const [dob, setDob] = useState(draft.dob ?? { day: '', month: '', year: '' });
  const [place, setPlace] = useState<ChosenPlace | null>(draft.place ?? null);
  const { email: draftEmail, name, signup_message, gender, looking_for } = values;
  useEffect(() => {
    // The empty form of hydration must not overwrite the answers kept.
    if (hydrating) return;
    writeSignupDraft({ email: draftEmail, name, signup_message, gender, looking_for, dob, place });
  }, [hydrating, draftEmail, name, signup_message, gender, looking_for, dob, place]);
  /** Name, value, error and change handler of one of `values`. */
  const field = <K extends keyof typeof values>(key: K) => ({
    value: values[key],
    ...errors.bind(key, (value: (typeof values)[K]) => setValues((v) => ({ ...v, [key]: value }))),
  });
  const format = (id: string) => intl.formatMessage({ id }, { min_age: settings.min_age });
  const location = useLocation();
  // From the signup sheet over a page, the login comes back to that page (e.g. the profile just liked).
  const login = pathFor('login')
    ? location.pathname === pathFor('signup')
      ? pathFor('login')
      : loginPath(`${location.pathname}${location.search}`)
    : null;

  /** Every client-side error of the form as it stands, and the request when there is none. */
  function check() {
    const date_of_birth =
      dob.day && dob.month && dob.year ? `${dob.year}-${pad(dob.month)}-${pad(dob.day)}` : '';
    const parsed = makeSignupSchema(settings.min_age).safeParse({
      ...values,
      date_of_birth,
      tracking: readTracking() ?? undefined,
      ...(place ? { place: { lat: place.lat, lon: place.lon } } : {}),
    });
    // The place is asked of everyone here: members near it are the first thing they see (issue 11).
    const found: FieldErrors = {
      ...(parsed.success ? {} : zodFieldErrors(parsed.error, format)),
      ...(place ? {} : { place: format('signup.place_required') }),
    };
    return { found, data: parsed.success && place ? parsed.data : null };
  }

  // On phones one question per screen (decision 0015); answers live here, so nothing is lost going back.
  const phone = usePhone();
  const navigate = useNavigate();
  const question = phone ? questionIn(location.state) : 0;
  /** The fields asked on this phone screen. */
  const current = QUESTIONS[question] ?? QUESTIONS[QUESTIONS.length - 1] ?? [];
  const shown = useRef(question);
  const questionRef = useRef<HTMLDivElement>(null);
  // A new question (Verder, Terug, the browser's back and forward buttons): its field gets the focus (the
  // one with an error first), read out with its label.
  useEffect(() => {
    if (shown.current === question) return;
    shown.current = question;
    const box = questionRef.current;
    const target =
      box?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      box?.querySelector<HTMLElement>('input:checked, input, select, textarea');
    target?.focus();
    box?.scrollIntoView?.({ block: 'nearest' });
  }, [question]);
  /**
   * Forward pushes a history entry; back returns through the entries pushed on the way, so the entries
   * behind a question are always the questions before it, one each.
   */
  const goTo = (index: number) => {
    if (index < question) navigate(index - question);
    else if (index > question)
      navigate(`${location.pathname}${location.search}${location.hash}`, {
        state: { ...(location.state as object | null), signupQuestion: index },
      });
  };
  /** After a failed submit on a phone: the first question with an error (a server answer included). */
  const showFirstWrong = (fields: readonly string[]) => {
    const index = QUESTIONS.findIndex((q) => q.some((f) => fields.includes(f)));
    if (phone && index >= 0 && index !== question) goTo(index);
  };

  function next() {
    const found = check().found;
    const wrong = Object.fromEntries(current.flatMap((f) => (found[f] ? [[f, found[f]]] : [])));
    if (Object.keys(wrong).length > 0) {
      errors.fail({ ...errors.fields, ...wrong });
      return;
    }
    goTo(question + 1);
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (signup.isPending) return;
    if (phone && question < QUESTIONS.length - 1) return next();
    setEmailTaken(false);
    const { found, data } = check();
    if (!data) {
      errors.fail(found);
      showFirstWrong(Object.keys(found));
      return;
    }
    errors.clear();
    // mutateAsync: its answer arrives even though this step unmounts as soon as the account exists.
    signup.mutateAsync(data).then(
      () => {
        clearSignupDraft();
        // The account exists: the questions' entries are left, so back now leaves the signup at once.
        if (question > 0) navigate(-question);
      },
      (err: unknown) => {
        if (err instanceof ApiError && err.code === 'signups_closed') return onClosed();
        if (err instanceof ApiError && err.code === 'email_taken') {
          setEmailTaken(true);
          errors.fail({ email: err.message });
          showFirstWrong(['email']);
          return;
        }
        errors.fromServer(err, FIELDS);
        if (err instanceof ApiError && err.status < 500) showFirstWrong(Object.keys(err.fields));
      },
    );
  }

  const email = field('email');
  const terms = field('terms');
  /** A link to the login (the sheet closes on the way), or nothing where there is no login page. */
  const loginLink = (text: string, className = '') =>
    login && (
      <Link
        to={login}
        onClick={onLeave}
        className={`${className} inline-flex min-h-11 items-center font-semibold text-primary underline`}
      >
        <FormattedMessage id={text} />
      </Link>
    );
  const nodes: Record<Field, React.ReactNode> = {
    gender: (
      <ChoiceField<Gender>
        legend={<FormattedMessage id="signup.gender" />}
        options={GENDERS}
        label={genderLabel}
        {...field('gender')}
      />
    ),
    looking_for: (
      <ChoicesField<Gender>
        legend={<FormattedMessage id="signup.looking_for" />}
        hint={<FormattedMessage id="signup.looking_for_hint" />}
        options={GENDERS}
        label={lookingForLabel}
        {...field('looking_for')}
      />
    ),
    place: (
      <PlaceField
        value={place}
        onChange={(p) => {
          setPlace(p);
          errors.clearField('place');
        }}
        error={errors.fields.place}
      />
    ),
    name: (
      <TextField
        label={<FormattedMessage id="signup.name" />}
        hint={<FormattedMessage id="signup.name_hint" />}
        autoComplete="nickname"
        maxLength={30}
        {...field('name')}
      />
    ),
    date_of_birth: (
      <BirthDateField
        value={dob}
        onChange={(v) => {
          setDob(v);
          errors.clearField('date_of_birth');
        }}
        error={errors.fields.date_of_birth}
        minAge={settings.min_age}
      />
    ),
    email: (
      <div>
        <TextField
          label={<FormattedMessage id="signup.email" />}
          type="email"
          inputMode="email"
          autoComplete="email"
          {...email}
          onChange={(v) => {
            email.onChange(v);
            setEmailTaken(false);
          }}
        />
        {emailTaken && loginLink('signup.email_taken_login', 'mt-1')}
      </div>
    ),
    password: (
      <PasswordField
        label={<FormattedMessage id="signup.password" />}
        hint={<FormattedMessage id="signup.password_hint" />}
        autoComplete="new-password"
        {...field('password')}
      />
    ),
    signup_message: (
      <TextField
        label={<FormattedMessage id="signup.message" />}
        hint={<FormattedMessage id="signup.message_hint" />}
        multiline
        maxLength={500}
        {...field('signup_message')}
      />
    ),
    terms: (
      <div>
        <label className="flex cursor-pointer items-start gap-3 rounded-xl py-1">
          <input
            type="checkbox"
            name="terms"
            checked={terms.value}
            onChange={(e) => terms.onChange(e.target.checked)}
            {...errorAria(terms.error, `${termsId}-error`)}
            className="mt-0.5 size-6 shrink-0 accent-[var(--color-primary)]"
          />
          <span className="text-[15px] leading-relaxed">
            <FormattedMessage
              id="signup.terms"
              values={{
                min_age: settings.min_age,
                site: settings.name,
                terms: pageLink('terms'),
                privacy: pageLink('privacy'),
              }}
            />
          </span>
        </label>
        <FieldError id={`${termsId}-error`} error={terms.error} />
      </div>
    ),
  };
  const last = question === QUESTIONS.length - 1;
  const loginLine = login && (
    <p className="text-center text-[15px] text-muted">
      <FormattedMessage id="signup.have_account" /> {loginLink('nav.login')}
    </p>
  );

  // One tree for both sizes, so a field keeps its state (a typed city) when a phone turns sideways.
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="flex flex-1 flex-col space-y-5"
      data-question={phone ? question : undefined}
    >
      {(!phone || last) && <FormMessage message={errors.form} />}
      <div ref={questionRef} className={phone ? 'min-h-40 scroll-mb-28 space-y-5' : 'space-y-5'}>
        {FIELDS.filter((f) => !phone || current.includes(f)).map((f) => (
          <div key={f}>{nodes[f]}</div>
        ))}
      </div>
      {phone ? (
        <StepActions
          submit
          pending={signup.isPending}
          onBack={question > 0 ? () => goTo(question - 1) : undefined}
          nextLabel={last ? <FormattedMessage id="signup.submit" /> : undefined}
        />
      ) : (
        <SubmitButton pending={signup.isPending} icon={<Heart aria-hidden size={18} />}>
          <FormattedMessage id="signup.submit" />
        </SubmitButton>
      )}
      {(!phone || question === 0) && loginLine}
    </form>
  );
}
