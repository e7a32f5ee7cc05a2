import { describe, expect, it } from 'vitest';
import type { TOwnProfile } from '../shared/contract/profiles.ts';
import { matchRoute, pathFor } from '../shared/routes.ts';
import { RULES } from '../shared/rules.ts';
import {
  apiQuery,
  EMPTY_SEARCH,
  orderAges,
  pageCount,
  paramsFromSearch,
  searchFromParams,
} from './features/discovery/search-query.ts';
import {
  cachedGeocode,
  type GeocodeCacheEntry,
  readGeocodeCache,
  writeGeocodeCache,
} from './features/profiles/geolocation.ts';
import { profileChanges, valuesOf } from './features/profiles/profile-form.ts';
import {
  PHOTO_WARNING_HIDDEN_ON,
  PHOTO_WARNING_QUIET_MS,
  photoWarningKey,
  shouldShowPhotoWarning,
} from './layouts/alert-rules.ts';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const noPhoto = { profile: { main_image: null } };
const withPhoto = { profile: { main_image: { id: 1, filename: 'a.webp', thumb_filename: 'a_t.webp' } } };

describe('L-05 profile-photo warning', () => {
  it('L-05 shows to a member without a main image', () => {
    expect(shouldShowPhotoWarning(noPhoto, 'members', null, NOW)).toBe(true);
    expect(shouldShowPhotoWarning(noPhoto, null, null, NOW)).toBe(true);
  });
  it('L-05 not for visitors or members with a main image', () => {
    expect(shouldShowPhotoWarning(null, 'members', null, NOW)).toBe(false);
    expect(shouldShowPhotoWarning(withPhoto, 'members', null, NOW)).toBe(false);
  });
  it.each(['profile', 'signup', 'activate-done', 'premium', 'notifications', 'directdebit', 'settings'])(
    'L-05 is hidden on %s (spec §4)',
    (route) => {
      expect(PHOTO_WARNING_HIDDEN_ON).toContain(route);
      expect(shouldShowPhotoWarning(noPhoto, route, null, NOW)).toBe(false);
    },
  );
  it('L-05 a dismissal (stored with its timestamp) keeps it away for a while, then it comes back', () => {
    const dismissed = new Date(NOW - 60_000).toISOString();
    expect(shouldShowPhotoWarning(noPhoto, 'members', dismissed, NOW)).toBe(false);
    const old = new Date(NOW - PHOTO_WARNING_QUIET_MS - 1).toISOString();
    expect(shouldShowPhotoWarning(noPhoto, 'members', old, NOW)).toBe(true);
    expect(shouldShowPhotoWarning(noPhoto, 'members', 'not a date', NOW)).toBe(true);
  });
  it('L-05 the dismissal is kept per member', () => {
    expect(photoWarningKey(12)).not.toBe(photoWarningKey(13));
  });
});

describe('M-07 geolocation cache', () => {
  const result = { city: 'Utrecht', country: 'NL', region: { code: 'NL-UT', name: 'Utrecht' } };
  const entry: GeocodeCacheEntry = { lat: 52.09, lon: 5.12, at: NOW, result };
  it('M-07 answers from the cache for an hour at about the same place', () => {
    expect(cachedGeocode(entry, 52.091, 5.121, NOW + 60_000)).toEqual(result);
    expect(cachedGeocode(entry, 52.09, 5.12, NOW + RULES.geolocationCacheMs)).toEqual(result);
  });
  it('M-07 asks again after an hour, somewhere else, or without a cache', () => {
    expect(cachedGeocode(entry, 52.09, 5.12, NOW + RULES.geolocationCacheMs + 1)).toBeNull();
    expect(cachedGeocode(entry, 52.37, 4.89, NOW)).toBeNull();
    expect(cachedGeocode(null, 52.09, 5.12, NOW)).toBeNull();
  });
  it('M-07 M-10 stores the last answer with a rounded position; bad storage reads as none', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    writeGeocodeCache({ ...entry, lat: 52.091234, lon: 5.121987 }, storage);
    const read = readGeocodeCache(storage);
    expect(read).toEqual({ lat: 52.09, lon: 5.12, at: NOW, result });
    store.set('vonk.geocode', '{not json');
    expect(readGeocodeCache(storage)).toBeNull();
  });
});

describe('D-01 search state in the address', () => {
  it('D-01 reads the filters and page of /members?...', () => {
    const { form, page } = searchFromParams(
      new URLSearchParams('gender=female&country=nl&countryregion=nl-nh&min_age=25&max_age=35&page=3'),
    );
    expect(form).toEqual({
      gender: 'female',
      country: 'NL',
      countryregion: 'NL-NH',
      min_age: '25',
      max_age: '35',
      sort: '',
      max_km: '',
      online: '',
      photo: '',
    });
    expect(page).toBe(3);
  });
  it('D-01 reads the sort, distance, online and photo filters (issue 27), dropping what cannot be right', () => {
    const { form } = searchFromParams(new URLSearchParams('sort=active&max_km=25&online=1&photo=true'));
    expect(form).toMatchObject({ sort: 'active', max_km: '25', online: '1', photo: '1' });
    const bad = searchFromParams(new URLSearchParams('sort=random&max_km=7&online=yes&photo=0')).form;
    expect(bad).toMatchObject({ sort: '', max_km: '', online: '', photo: '' });
    expect(paramsFromSearch({ ...EMPTY_SEARCH, sort: 'near', max_km: '10', photo: '1' }).toString()).toBe(
      'sort=near&max_km=10&photo=1',
    );
  });
  it('D-01 drops values that cannot be right', () => {
    const { form, page } = searchFromParams(new URLSearchParams('min_age=7&max_age=abc&page=-2'));
    expect(form.min_age).toBe('');
    expect(form.max_age).toBe('');
    expect(page).toBe(1);
  });
  it('D-01 writes only the set fields, a region only with its country, the page only after the first', () => {
    const form = { ...EMPTY_SEARCH, gender: 'female', countryregion: 'NL-NH', min_age: '25' };
    expect(paramsFromSearch(form).toString()).toBe('gender=female&min_age=25');
    expect(paramsFromSearch({ ...form, country: 'NL' }, 2).toString()).toBe(
      'gender=female&country=NL&countryregion=NL-NH&min_age=25&page=2',
    );
  });
  it('D-02 a visitor sends their traffic source along', () => {
    expect(apiQuery(EMPTY_SEARCH, 1, { network: 'aff', ref: 'r1', sub1: 'x' })).toBe('network=aff&ref=r1');
    expect(apiQuery(EMPTY_SEARCH, 1, null)).toBe('');
  });
  it('D-01 keeps the age range the right way round', () => {
    const form = { ...EMPTY_SEARCH, min_age: '40', max_age: '30' };
    expect(orderAges(form, 'min_age')).toMatchObject({ min_age: '40', max_age: '40' });
    expect(orderAges(form, 'max_age')).toMatchObject({ min_age: '30', max_age: '30' });
    expect(orderAges({ ...form, max_age: '' }, 'min_age')).toMatchObject({ min_age: '40', max_age: '' });
  });
  it('D-01 counts pages from the result count', () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
  });
});

describe('M-01 profile form', () => {
  const profile = {
    id: 1,
    name: 'Sanne',
    gender: 'female',
    looking_for: 'male',
    looking_for_genders: ['male'],
    date_of_birth: '1990-01-01',
    age: 36,
    about: '',
    country: 'NL',
    region: 'NL-UT',
    region_name: 'Utrecht',
    city: 'Utrecht',
    interests: ['travel', 'wine'],
    status: 'active',
    main_image: null,
    has_location: false,
    visible_profile_fields: [],
    visible_profile_notes: [],
    sexuality: null,
    hair_colour: 'brown',
    eye_colour: null,
    body_type: null,
    relationship_status: null,
    tattoos: null,
    signup_reason: null,
  } satisfies TOwnProfile;
  const before = valuesOf(profile);
  it('M-01 sends only what changed', () => {
    expect(profileChanges(before, before)).toEqual({});
    expect(profileChanges(before, { ...before, about: 'Hoi!', interests: ['wine', 'travel'] })).toEqual({
      about: 'Hoi!',
    });
    expect(profileChanges(before, { ...before, interests: ['wine'] })).toEqual({ interests: ['wine'] });
  });
  it('M-01 "Ik zoek" sends the whole set when it changes, never an empty one', () => {
    expect(profileChanges(before, { ...before, looking_for: ['male', 'female'] })).toEqual({
      looking_for: ['male', 'female'],
    });
    expect(profileChanges(before, { ...before, looking_for: [] })).toEqual({});
  });
  it('M-01 clears region and city with null', () => {
    expect(profileChanges(before, { ...before, region: '', city: '' })).toEqual({ region: null, city: null });
  });
  it('M-01 "not specified" clears an attribute with null; gender is never cleared', () => {
    expect(profileChanges(before, { ...before, hair_colour: '' })).toEqual({ hair_colour: null });
    expect(profileChanges(before, { ...before, sexuality: 'bi' })).toEqual({ sexuality: 'bi' });
    expect(profileChanges(before, { ...before, gender: '' })).toEqual({});
  });
});

describe('M-05 D-01 routes', () => {
  it('M-05 D-01 the profile, search and member pages exist', () => {
    expect(matchRoute('/profile')).toBe('profile');
    expect(matchRoute('/members')).toBe('members');
    expect(matchRoute('/members/12')).toBe('members-id');
    expect(pathFor('members-id', { id: 12 })).toBe('/members/12');
  });
});
