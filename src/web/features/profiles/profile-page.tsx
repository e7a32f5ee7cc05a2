import { Camera, Check, Eye, Heart, MapPin, Sparkles, UserRound } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  BODY_TYPES,
  EYE_COLOURS,
  GENDERS,
  type Gender,
  HAIR_COLOURS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOOS,
  type TUser,
} from '../../../shared/contract/accounts.ts';
import {
  ATTRIBUTE_FIELDS,
  type AttributeField,
  type TOwnProfile,
  type TUpdateProfileRequest,
  ZUpdateProfileRequest,
} from '../../../shared/contract/profiles.ts';
import { pathFor } from '../../../shared/routes.ts';
import { useOwnProfile, useUpdateProfile } from '../../api/profiles.ts';
import {
  ChoiceField,
  ChoicesField,
  FormAlert,
  FormMessage,
  SubmitButton,
  TextField,
  useFormErrors,
  useFormRef,
  zodFieldErrors,
} from '../../components/form.tsx';
import { InterestPicker } from '../../components/interest-picker.tsx';
import { Link } from '../../components/route-link.tsx';
import { Section } from '../../components/section-card.tsx';
import { OfflineOr } from '../../offline/offline-state.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { RequireLogin, useOptionLabel } from '../accounts/shared.tsx';
import { LocationFields } from './location-fields.tsx';
import { PhotoManager } from './photo-manager.tsx';
import { PROFILE_FIELDS, type ProfileValues, profileChanges, valuesOf } from './profile-form.ts';

const OPTIONS: Record<AttributeField, readonly string[]> = {
  sexuality: SEXUALITIES,
  hair_colour: HAIR_COLOURS,
  eye_colour: EYE_COLOURS,
  body_type: BODY_TYPES,
  relationship_status: RELATIONSHIP_STATUSES,
  tattoos: TATTOOS,
  signup_reason: SIGNUP_REASONS,
};

function Attribute(props: {
  field: AttributeField;
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  const intl = useIntl();
  const label = useOptionLabel(props.field);
  return (
    <ChoiceField
      legend={<FormattedMessage id={`about.${props.field}`} />}
      name={props.field}
      // The empty choice last: "not specified" clears an answer given before (M-01).
      options={[...OPTIONS[props.field], '']}
      value={props.value}
      onChange={props.onChange}
      label={(v) => (v === '' ? intl.formatMessage({ id: 'myprofile.region_none' }) : label(v))}
      error={props.error}
    />
  );
}

function Editor({ profile, user }: { profile: TOwnProfile; user: TUser }) {
  const intl = useIntl();
  const save = useUpdateProfile();
  const formRef = useFormRef();
  const errors = useFormErrors(formRef);
  const [baseline, setBaseline] = useState(() => valuesOf(profile));
  const [values, setValues] = useState(baseline);
  const [saved, setSaved] = useState(false);
  const genderLabel = useOptionLabel('gender');
  const lookingForLabel = useOptionLabel('looking_for');
  const visible = new Set(profile.visible_profile_fields);
  const showAbout = profile.visible_profile_notes.includes('about_me');
  const changes = profileChanges(baseline, values);
  const dirty = Object.keys(changes).length > 0;

  const set = <K extends keyof ProfileValues>(field: K, value: ProfileValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setSaved(false);
    errors.clearField(field);
  };

  /** A new place from the browser (or a forgotten one): both the form and its baseline take it. */
  const located = (next: TOwnProfile) => {
    const place = valuesOf(next);
    const patch = { country: place.country, region: place.region, city: place.city };
    setBaseline((b) => ({ ...b, ...patch }));
    setValues((v) => ({ ...v, ...patch }));
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (save.isPending || !dirty) return;
    const parsed = ZUpdateProfileRequest.safeParse(changes);
    if (!parsed.success) {
      return errors.fail(zodFieldErrors(parsed.error, (id) => intl.formatMessage({ id })));
    }
    errors.clear();
    save.mutate(changes as TUpdateProfileRequest, {
      onSuccess: (res) => {
        const next = valuesOf(res.profile);
        setBaseline(next);
        setValues(next);
        setSaved(true);
      },
      onError: (err) => errors.fromServer(err, PROFILE_FIELDS),
    });
  }

  const toggleInterest = (id: string) =>
    set(
      'interests',
      values.interests.includes(id) ? values.interests.filter((i) => i !== id) : [...values.interests, id],
    );

  return (
    <div className="space-y-5">
      <Section
        bodyClassName="mt-5"
        id="profile-photos"
        icon={Camera}
        title={<FormattedMessage id="myphotos.title" />}
        intro={<FormattedMessage id="myphotos.intro" />}
      >
        <PhotoManager name={profile.name} paidUser={user.paid_user} />
      </Section>

      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5" aria-labelledby="profile-title">
        <FormMessage message={errors.form} />
        <Section
          bodyClassName="mt-5"
          id="profile-about"
          icon={UserRound}
          title={<FormattedMessage id="myprofile.about_you" />}
        >
          <div className="space-y-6">
            <TextField
              label={<FormattedMessage id="signup.name" />}
              name="name"
              autoComplete="nickname"
              maxLength={30}
              value={values.name}
              onChange={(v) => set('name', v)}
              error={errors.fields.name}
              required
            />
            <ChoiceField
              legend={<FormattedMessage id="signup.gender" />}
              name="gender"
              options={GENDERS}
              value={values.gender || undefined}
              onChange={(v) => set('gender', v)}
              label={genderLabel}
              error={errors.fields.gender}
            />
            <ChoicesField
              legend={<FormattedMessage id="signup.looking_for" />}
              hint={<FormattedMessage id="signup.looking_for_hint" />}
              name="looking_for"
              options={GENDERS}
              value={values.looking_for as Gender[]}
              onChange={(v) => set('looking_for', v)}
              label={lookingForLabel}
              error={errors.fields.looking_for}
            />
            {showAbout && (
              <TextField
                label={<FormattedMessage id="about.about" />}
                hint={<FormattedMessage id="signup.about_hint" />}
                name="about"
                multiline
                maxLength={2000}
                value={values.about}
                onChange={(v) => set('about', v)}
                error={errors.fields.about}
              />
            )}
          </div>
        </Section>

        <Section
          bodyClassName="mt-5"
          id="profile-location"
          icon={MapPin}
          title={<FormattedMessage id="myprofile.location" />}
          intro={<FormattedMessage id="myprofile.location_intro" />}
        >
          <LocationFields
            profile={profile}
            values={{ country: values.country, region: values.region, city: values.city }}
            onChange={(patch) => {
              setValues((v) => ({ ...v, ...patch }));
              setSaved(false);
              for (const key of Object.keys(patch)) errors.clearField(key);
            }}
            onLocated={located}
            errors={errors.fields}
          />
        </Section>

        {ATTRIBUTE_FIELDS.some((f) => visible.has(f)) && (
          <Section
            bodyClassName="mt-5"
            id="profile-details"
            icon={Sparkles}
            title={<FormattedMessage id="myprofile.details" />}
          >
            <div className="space-y-6">
              {ATTRIBUTE_FIELDS.filter((f) => visible.has(f)).map((field) => (
                <Attribute
                  key={field}
                  field={field}
                  value={values[field]}
                  onChange={(v) => set(field, v)}
                  error={errors.fields[field]}
                />
              ))}
            </div>
          </Section>
        )}

        {visible.has('interests') && (
          <Section
            bodyClassName="mt-5"
            id="profile-interests"
            icon={Heart}
            title={<FormattedMessage id="myprofile.interests" />}
            intro={<FormattedMessage id="myprofile.interests_intro" />}
          >
            <InterestPicker chosen={values.interests} onToggle={toggleInterest} />
            <FormMessage message={errors.fields.interests} />
          </Section>
        )}

        {/* Sticky while there is something to save, so the button is always at hand; else at the end. */}
        <div
          className={`z-20 -mx-4 border-t border-line bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border ${
            dirty ? 'sticky bottom-(--tabbar-h) shadow-[0_-6px_20px_rgb(0_0_0/0.06)]' : ''
          }`}
          data-testid="save-bar"
        >
          <div className="flex items-center justify-between gap-3">
            <p role="status" className="min-w-0 text-sm font-medium text-muted">
              {save.isPending ? null : saved && !dirty ? (
                <span className="inline-flex items-center gap-1.5 text-primary-strong">
                  <Check aria-hidden size={16} />
                  <FormattedMessage id="myprofile.saved" />
                </span>
              ) : dirty ? (
                <FormattedMessage id="myprofile.unsaved" />
              ) : null}
            </p>
            <SubmitButton
              pending={save.isPending}
              pendingText="saving"
              disabled={!dirty}
              className="btn btn-primary shrink-0"
            >
              <FormattedMessage id="common.save" />
            </SubmitButton>
          </div>
        </div>
      </form>
    </div>
  );
}

function EditorSkeleton() {
  return (
    <div className="animate-pulse space-y-5" aria-busy="true">
      <div className="h-72 rounded-3xl bg-surface" />
      <div className="h-96 rounded-3xl bg-surface" />
    </div>
  );
}

/** /profile (M-01..M-04, M-07, M-10): the own profile, its photos and its place. */
export function ProfilePage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'nav.profile' }));
  return (
    <RequireLogin>
      {(user) => (
        <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 id="profile-title" className="text-3xl font-extrabold tracking-tight">
              <FormattedMessage id="nav.profile" />
            </h1>
            <ViewPublic id={user.id} />
          </div>
          <p className="mt-2 text-muted">
            <FormattedMessage id="myprofile.intro" />
          </p>
          <div className="mt-6">
            <OwnProfile user={user} />
          </div>
        </div>
      )}
    </RequireLogin>
  );
}

function ViewPublic({ id }: { id: number }) {
  const to = pathFor('members-id', { id });
  if (!to) return null;
  return (
    <Link to={to} className="btn btn-ghost min-h-11 px-4 text-[15px]">
      <Eye aria-hidden size={18} />
      <FormattedMessage id="myprofile.view_public" />
    </Link>
  );
}

function OwnProfile({ user }: { user: TUser }) {
  const intl = useIntl();
  const profile = useOwnProfile();
  if (profile.isPending)
    return (
      <OfflineOr>
        <EditorSkeleton />
      </OfflineOr>
    );
  if (profile.isError || !profile.data) {
    return <FormAlert>{intl.formatMessage({ id: 'error.general' })}</FormAlert>;
  }
  return <Editor profile={profile.data} user={user} />;
}
