import { LocateFixed, MapPin, MapPinOff } from 'lucide-react';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TOwnProfile } from '../../../shared/contract/profiles.ts';
import { DEFAULT_LOCALE, toLocale } from '../../../shared/i18n/locales.ts';
import { sortByName } from '../../../shared/i18n/sort-names.ts';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../../api/error-text.ts';
import { geocode, useForgetLocation, useSetLocation } from '../../api/profiles.ts';
import { useRegions } from '../../api/site.ts';
import { FieldError, FormAlert, inputClass, TextField } from '../../components/form.tsx';
import { regionLabelId, useCountryName } from '../../i18n/region-names.ts';
import { useSite } from '../../site-context.tsx';
import {
  cachedGeocode,
  currentPosition,
  readGeocodeCache,
  useGeoPermission,
  writeGeocodeCache,
} from './geolocation.ts';

export interface LocationValues {
  country: string;
  region: string;
  city: string;
}

type Locating =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'done'; place: string }
  | { state: 'failed'; message: string };

/**
 * "Use my location" (M-07): the browser's position, looked up as a place (cached for an hour), then
 * stored rounded to about a kilometre (M-10). The permission state decides what the member sees.
 */
function UseMyLocation(props: { profile: TOwnProfile; onLocated(profile: TOwnProfile): void }) {
  const intl = useIntl();
  const { settings } = useSite();
  const permission = useGeoPermission();
  const setLocation = useSetLocation();
  const forget = useForgetLocation();
  const [locating, setLocating] = useState<Locating>({ state: 'idle' });
  const countryName = useCountryName();

  async function locate() {
    setLocating({ state: 'busy' });
    let position: GeolocationPosition;
    try {
      position = await currentPosition();
    } catch (err) {
      const denied = (err as GeolocationPositionError)?.code === 1;
      setLocating({
        state: 'failed',
        message: intl.formatMessage({ id: denied ? 'location.denied' : 'location.unavailable' }),
      });
      return;
    }
    const { latitude: lat, longitude: lon } = position.coords;
    try {
      const now = Date.now();
      let place = cachedGeocode(readGeocodeCache(), lat, lon, now);
      if (!place) {
        place = await geocode(lat, lon);
        writeGeocodeCache({ lat, lon, at: now, result: place });
      }
      if (!settings.countries.includes(place.country)) {
        setLocating({
          state: 'failed',
          message: intl.formatMessage({ id: 'location.outside' }, { country: countryName(place.country) }),
        });
        return;
      }
      const res = await setLocation.mutateAsync({ lat, lon });
      props.onLocated(res.profile);
      const where = [res.profile.city, res.profile.region_name].filter(Boolean).join(', ');
      setLocating({ state: 'done', place: where || countryName(place.country) });
    } catch (err) {
      setLocating({
        state: 'failed',
        message:
          err instanceof ApiError && err.status === 404
            ? intl.formatMessage({ id: 'location.not_found' })
            : errorText(err, intl),
      });
    }
  }

  const busy = locating.state === 'busy';
  return (
    <div className="rounded-2xl bg-surface p-4" data-permission={permission}>
      {permission === 'unsupported' ? (
        <p className="text-[15px] text-muted">
          <FormattedMessage id="location.unsupported" />
        </p>
      ) : permission === 'denied' ? (
        <p className="text-[15px] text-muted">
          <FormattedMessage id="location.blocked" />
        </p>
      ) : (
        <>
          <button
            type="button"
            className="btn btn-ghost bg-white"
            onClick={() => void locate()}
            disabled={busy}
          >
            <LocateFixed aria-hidden size={18} className="text-primary" />
            {busy ? <FormattedMessage id="location.busy" /> : <FormattedMessage id="location.use_mine" />}
          </button>
          <p className="mt-2 text-sm text-muted">
            <FormattedMessage
              id={permission === 'granted' ? 'location.hint_granted' : 'location.hint_prompt'}
            />
          </p>
        </>
      )}
      <div aria-live="polite">
        {locating.state === 'done' && (
          <p className="mt-3 flex items-center gap-2 font-medium text-primary-strong">
            <MapPin aria-hidden size={18} />
            <FormattedMessage id="location.found" values={{ place: locating.place }} />
          </p>
        )}
      </div>
      {locating.state === 'failed' && (
        <div className="mt-3">
          <FormAlert>{locating.message}</FormAlert>
        </div>
      )}
      {props.profile.has_location && (
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-line pt-3 text-sm">
          <span className="text-muted">
            <FormattedMessage id="location.stored" />
          </span>
          <button
            type="button"
            className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-primary underline"
            disabled={forget.isPending}
            onClick={() =>
              forget.mutate(undefined, {
                onSuccess: (res) => {
                  props.onLocated(res.profile);
                  setLocating({ state: 'idle' });
                },
              })
            }
          >
            <MapPinOff aria-hidden size={16} />
            <FormattedMessage id="location.forget" />
          </button>
        </div>
      )}
    </div>
  );
}

/** Location on /profile: the browser's position, or country, region and city by hand. */
export function LocationFields(props: {
  profile: TOwnProfile;
  values: LocationValues;
  onChange(patch: Partial<LocationValues>): void;
  onLocated(profile: TOwnProfile): void;
  errors: Partial<Record<keyof LocationValues, string>>;
}) {
  const { settings } = useSite();
  const intl = useIntl();
  const countryName = useCountryName();
  const regions = useRegions(props.values.country || undefined);
  const countryId = useId();
  const regionId = useId();
  const countries = sortByName(settings.countries, countryName, toLocale(intl.locale) ?? DEFAULT_LOCALE);
  // A country outside the site's list (an old profile) stays selectable as it is.
  if (props.values.country && !countries.includes(props.values.country))
    countries.unshift(props.values.country);
  const regionList = regions.data?.regions ?? [];
  const regionLabel = intl.formatMessage({ id: regionLabelId(regions.data?.label) });

  return (
    <div className="space-y-4">
      <UseMyLocation profile={props.profile} onLocated={props.onLocated} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={countryId} className="block font-semibold">
            <FormattedMessage id="myprofile.country" />
          </label>
          <select
            id={countryId}
            name="country"
            autoComplete="country"
            className={inputClass}
            value={props.values.country}
            aria-invalid={props.errors.country ? true : undefined}
            aria-describedby={props.errors.country ? `${countryId}-error` : undefined}
            onChange={(e) => props.onChange({ country: e.target.value, region: '', city: '' })}
          >
            {!props.values.country && (
              <option value="">{intl.formatMessage({ id: 'myprofile.choose' })}</option>
            )}
            {countries.map((c) => (
              <option key={c} value={c}>
                {countryName(c)}
              </option>
            ))}
          </select>
          <FieldError id={`${countryId}-error`} error={props.errors.country} />
        </div>
        <div>
          <label htmlFor={regionId} className="block font-semibold">
            {regionLabel}
          </label>
          <select
            id={regionId}
            name="region"
            className={inputClass}
            value={props.values.region}
            disabled={!props.values.country || regions.isPending}
            aria-invalid={props.errors.region ? true : undefined}
            aria-describedby={props.errors.region ? `${regionId}-error` : undefined}
            onChange={(e) => props.onChange({ region: e.target.value })}
          >
            <option value="">{intl.formatMessage({ id: 'myprofile.region_none' })}</option>
            {/* The stored region, until the list is there to name it. */}
            {props.values.region && !regionList.some((r) => r.code === props.values.region) && (
              <option value={props.values.region}>{props.profile.region_name ?? props.values.region}</option>
            )}
            {regionList.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </select>
          <FieldError id={`${regionId}-error`} error={props.errors.region} />
        </div>
      </div>
      <TextField
        label={<FormattedMessage id="myprofile.city" />}
        name="city"
        autoComplete="address-level2"
        maxLength={80}
        value={props.values.city}
        onChange={(city) => props.onChange({ city })}
        error={props.errors.city}
      />
    </div>
  );
}
