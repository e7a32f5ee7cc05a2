import { Ban, MapPin, Navigation, PencilLine } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TUser } from '../../../shared/contract/accounts.ts';
import type { TMemberCard, TMemberProfile } from '../../../shared/contract/profiles.ts';
import { pathFor } from '../../../shared/routes.ts';
import { NextTask } from '../../components/after-first-paint.tsx';
import { FictionalIcon } from '../../components/fictional-icon.tsx';
import { JoinCta } from '../../components/join-cta.tsx';
import { Link } from '../../components/route-link.tsx';
import { useSite } from '../../site-context.tsx';
import { InterestList } from './interests.tsx';
import { ActionBar, LikeNote } from './member-actions.tsx';
import { Gallery } from './member-photo.tsx';
import { BlockButton, Details, Related, ReportLink } from './member-sections.tsx';

/** On the photo: how the two stand, then the page's heading, name and age (issue 27: photo first). */
function PhotoCaption({ profile, viewer }: { profile: TMemberProfile; viewer: TUser | null }) {
  const { settings } = useSite();
  return (
    <>
      <LikeNote profile={profile} viewer={viewer} />
      <h1 className="flex items-center gap-3 text-3xl font-extrabold tracking-tight [text-shadow:0_1px_4px_rgb(0_0_0/0.45)] sm:text-4xl">
        <span className="min-w-0 break-words">
          {profile.name}, {profile.age}
        </span>
        {profile.fictional && (
          <span
            title={settings.fictional_singular}
            className="pointer-events-auto inline-flex text-secondary"
          >
            <FictionalIcon size={26} />
            <span className="sr-only">{settings.fictional_singular}</span>
          </span>
        )}
      </h1>
    </>
  );
}

/** Online or last active, place and distance (M-10: a city and a rounded distance, never coordinates). */
function Status({ profile }: { profile: TMemberProfile }) {
  const intl = useIntl();
  const place = [profile.city, profile.region].filter(Boolean).join(', ');
  const activity = profile.online
    ? null
    : profile.last_active === 'longer'
      ? null
      : `member.active_${profile.last_active}`;
  if (!profile.online && !activity && !place && !profile.distance) return null;
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-2 text-[15px] text-muted">
      {profile.online && (
        <li className="inline-flex items-center gap-2 font-semibold text-emerald-700">
          <span aria-hidden className="size-2.5 rounded-full bg-emerald-500" />
          <FormattedMessage id="member.online_now" />
        </li>
      )}
      {activity && (
        <li>
          <FormattedMessage id={activity} />
        </li>
      )}
      {place && (
        <li className="inline-flex items-center gap-1.5">
          <MapPin aria-hidden size={16} />
          {place}
        </li>
      )}
      {profile.distance && (
        <li className="inline-flex items-center gap-1.5" data-testid="distance">
          <Navigation aria-hidden size={15} />
          <span className="sr-only">
            <FormattedMessage id="member.distance_label" />
          </span>
          <FormattedMessage
            id={profile.distance.less_than ? 'member.distance_less' : 'member.distance'}
            values={{ km: intl.formatNumber(profile.distance.km, { maximumFractionDigits: 0 }) }}
          />
        </li>
      )}
    </ul>
  );
}

/**
 * A member's profile (M-05, M-08): on phones the photo first with name and age on it, then the rest, with
 * like, message and gift in a bar at the foot of the screen; from md on the photo beside the rest.
 */
export function Profile({
  profile,
  related,
  viewer,
}: {
  profile: TMemberProfile;
  related: TMemberCard[];
  viewer: TUser | null;
}) {
  const intl = useIntl();
  const { settings } = useSite();
  const showAbout = settings.visible_profile_notes.includes('about_me') && profile.about.trim() !== '';
  const showInterests = settings.visible_profile_fields.includes('interests') && profile.interests.length > 0;
  const editProfile = pathFor('profile');

  return (
    <>
      <div className="grid gap-x-10 gap-y-5 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:items-start">
        <div className="md:sticky md:top-24">
          <Gallery
            profile={profile}
            viewer={viewer}
            caption={<PhotoCaption profile={profile} viewer={viewer} />}
          />
        </div>
        <div className="min-w-0 space-y-6">
          <Status profile={profile} />
          {!profile.is_me && !profile.blocked_by_me && <ActionBar profile={profile} viewer={viewer} />}

          {profile.fictional && (
            <div
              className="flex items-start gap-3 rounded-2xl border border-secondary/40 bg-secondary-soft p-4 text-on-secondary"
              data-testid="fictional-warning"
            >
              <FictionalIcon size={22} className="mt-0.5 shrink-0" />
              <p className="text-[15px]">{settings.fictional_warning}</p>
            </div>
          )}

          {profile.is_me && (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-primary-soft p-4">
              <p className="font-medium text-primary-strong">
                <FormattedMessage id="member.is_me" />
              </p>
              {editProfile && (
                <Link to={editProfile} className="btn btn-primary">
                  <PencilLine aria-hidden size={18} />
                  <FormattedMessage id="member.edit_own" />
                </Link>
              )}
            </div>
          )}

          {profile.blocked_by_me && (
            <p
              role="status"
              className="flex items-center gap-2 rounded-2xl bg-surface p-4 font-medium"
              data-testid="blocked-note"
            >
              <Ban aria-hidden size={18} className="text-danger" />
              <FormattedMessage id="member.blocked_note" values={{ name: profile.name }} />
            </p>
          )}

          {showAbout && (
            <section aria-labelledby="member-about">
              <h2 id="member-about" className="text-lg font-bold">
                <FormattedMessage id="member.about" values={{ name: profile.name }} />
              </h2>
              <p className="mt-2 whitespace-pre-line break-words text-[17px] leading-relaxed">
                {profile.about}
              </p>
            </section>
          )}

          {/* Further down: drawn one task after the header, photos and about text, so the profile's first
              paint comes sooner (P-01). */}
          <NextTask>
            {showInterests && (
              <section aria-labelledby="member-interests">
                <h2 id="member-interests" className="text-lg font-bold">
                  <FormattedMessage id="myprofile.interests" />
                </h2>
                <div className="mt-3">
                  <InterestList
                    ids={profile.interests}
                    label={intl.formatMessage({ id: 'myprofile.interests' })}
                  />
                </div>
              </section>
            )}

            <Details profile={profile} />

            {!viewer && (
              <JoinCta
                testId="visitor-cta"
                title={<FormattedMessage id="member.join_title" values={{ name: profile.name }} />}
                body={<FormattedMessage id="member.join_body" />}
              />
            )}

            {!profile.is_me && (
              <div className="flex flex-wrap gap-2 border-t border-line pt-5">
                {viewer && <BlockButton profile={profile} />}
                <ReportLink profile={profile} />
              </div>
            )}
          </NextTask>
        </div>
      </div>
      {!profile.is_me && (
        // At the foot of the page: a task of its own after the profile itself is drawn (P-01).
        <NextTask>
          <Related name={profile.name} members={related} />
        </NextTask>
      )}
    </>
  );
}
