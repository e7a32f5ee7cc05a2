import { LocateFixed, MapPin } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TPlacesResponse } from '../../../../shared/contract/site.ts';
import { call } from '../../../api/client.ts';
import { geocode } from '../../../api/profiles.ts';
import { FieldError, inputClass } from '../../../components/form.tsx';
import { useBrowserHas } from '../../../components/use-media-query.ts';
import { useSite } from '../../../site-context.tsx';
import { currentPosition, hasGeolocation } from '../../profiles/geolocation.ts';

/** A place the member chose: where it is (sent with the signup) and how it reads. */
export interface ChosenPlace {
  lat: number;
  lon: number;
  label: string;
}

type PlaceMatch = TPlacesResponse['places'][number];

const labelOf = (p: PlaceMatch) => [p.city, p.region?.name].filter(Boolean).join(', ');

/**
 * "Waar woon je?" at signup (issue 11): search a city of the site's countries by name, or use the
 * browser's position (looked up with GET /api/geocode.php). Only the place is shown, never coordinates.
 */
export function PlaceField(props: {
  value: ChosenPlace | null;
  onChange(place: ChosenPlace | null): void;
  error?: string;
}) {
  const intl = useIntl();
  const { settings } = useSite();
  const id = useId();
  const canLocate = useBrowserHas(hasGeolocation);
  const errorId = `${id}-error`;
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<PlaceMatch[] | null>(null);
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setResults(null);
      return;
    }
    let alive = true;
    const timer = window.setTimeout(() => {
      call('GET /api/places', { query: { q } }).then(
        (res) => alive && setResults(res.places),
        () => alive && setResults([]),
      );
    }, 200);
    return () => {
      alive = false;
      window.clearTimeout(timer);
    };
  }, [query]);

  async function locate() {
    setLocating(true);
    setProblem(null);
    try {
      const position = await currentPosition();
      const { latitude: lat, longitude: lon } = position.coords;
      const place = await geocode(lat, lon);
      if (!settings.countries.includes(place.country)) {
        setProblem(intl.formatMessage({ id: 'signup.place_outside' }));
      } else {
        props.onChange({ lat, lon, label: labelOf({ ...place, lat, lon }) });
      }
    } catch (err) {
      const denied = (err as GeolocationPositionError)?.code === 1;
      setProblem(intl.formatMessage({ id: denied ? 'location.denied' : 'signup.place_unknown' }));
    } finally {
      setLocating(false);
    }
  }

  if (props.value) {
    return (
      <div>
        <p className="font-semibold">
          <FormattedMessage id="signup.place" />
        </p>
        <div className="mt-1.5 flex min-h-12 items-center justify-between gap-3 rounded-xl border border-primary bg-primary-soft px-3.5">
          <span className="flex items-center gap-2 font-medium" data-testid="chosen-place">
            <MapPin aria-hidden size={18} className="text-primary" />
            {props.value.label}
          </span>
          <button
            type="button"
            className="min-h-11 font-semibold text-primary underline"
            onClick={() => {
              props.onChange(null);
              setQuery('');
            }}
          >
            <FormattedMessage id="signup.place_change" />
          </button>
        </div>
      </div>
    );
  }

  return (
    <div>
      <label htmlFor={id} className="font-semibold">
        <FormattedMessage id="signup.place" />
      </label>
      <p className="text-sm text-muted" id={`${id}-hint`}>
        <FormattedMessage id="signup.place_hint" />
      </p>
      <input
        id={id}
        name="place"
        type="search"
        autoComplete="address-level2"
        placeholder={intl.formatMessage({ id: 'signup.place_search' })}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className={inputClass}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-hint ${errorId}` : `${id}-hint`}
      />
      <div aria-live="polite">
        {results && results.length === 0 && (
          <p className="mt-2 text-sm text-muted">
            <FormattedMessage id="signup.place_none" />
          </p>
        )}
        {results && results.length > 0 && (
          <ul
            className="mt-2 divide-y divide-line overflow-hidden rounded-xl border border-line"
            data-testid="place-results"
          >
            {results.map((p) => (
              <li key={`${p.city}-${p.region?.code ?? p.country}-${p.lat}`}>
                <button
                  type="button"
                  className="flex min-h-11 w-full items-center gap-2 px-3.5 text-left hover:bg-surface"
                  onClick={() => props.onChange({ lat: p.lat, lon: p.lon, label: labelOf(p) })}
                >
                  <MapPin aria-hidden size={16} className="shrink-0 text-primary" />
                  <span>
                    {p.city}
                    {p.region && <span className="text-muted">, {p.region.name}</span>}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {canLocate && (
        <button
          type="button"
          className="btn btn-ghost mt-3"
          onClick={() => void locate()}
          disabled={locating}
        >
          <LocateFixed aria-hidden size={18} className="text-primary" />
          {locating ? <FormattedMessage id="location.busy" /> : <FormattedMessage id="location.use_mine" />}
        </button>
      )}
      {problem && <p className="mt-2 text-sm text-danger">{problem}</p>}
      <FieldError id={errorId} error={props.error} />
    </div>
  );
}
