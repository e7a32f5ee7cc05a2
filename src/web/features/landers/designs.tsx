import { Heart, MessageCircle } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TLanderMember } from '../../../shared/contract/landers.ts';
import { INTERESTS } from '../../../shared/data/interests.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { OnlineDot } from '../../components/member-card.tsx';
import { interestIcon } from '../accounts/steps/interest-icons.ts';
import {
  type Design,
  Figures,
  heading,
  LanderCta,
  type LanderName,
  NicheLine,
  PhotoTile,
  SeekQuestion,
  useStartSignup,
} from './kit.tsx';
import { Transitions, Video } from './motion-designs.tsx';

/** Online members first, then the most recently active: the order the server sent. */
const onlineFirst = (members: TLanderMember[]) => [
  ...members.filter((m) => m.online),
  ...members.filter((m) => !m.online),
];

/** alonetonight: "who else is alone tonight", the members online now, and the one question. */
export const AloneTonight: Design = ({ page, lander }) => (
  <section className="-mx-4 -mt-6 bg-[linear-gradient(160deg,#1d1b3a_0%,#3b1f4a_60%,#5b2345_100%)] px-4 py-10 text-white sm:-mt-10 sm:rounded-b-3xl sm:py-14">
    <div className="mx-auto max-w-4xl text-center">
      <NicheLine niche={page.niche} />

      <h1 className={heading}>
        <FormattedMessage id="lander.alonetonight.title" />
      </h1>
      <p className="mx-auto mt-3 max-w-xl text-white/85">
        <FormattedMessage id="lander.alonetonight.intro" />
      </p>
      <Figures page={page} className="mt-3 text-white/90" />
      <ul className="mt-6 grid grid-cols-3 gap-2 sm:grid-cols-6 sm:gap-3">
        {onlineFirst(page.members)
          .slice(0, 6)
          .map((m) => (
            <li key={m.id}>
              <PhotoTile member={m} eager className="aspect-[3/4]" />
            </li>
          ))}
      </ul>
      <SeekQuestion lander={lander} niche={page.niche} dark className="mx-auto mt-8 max-w-md text-center" />
    </div>
  </section>
);

/** collagelanding: a collage of members' photos, one large, under the headline and the button. */
export const Collage: Design = ({ page, lander }) => (
  <section>
    <div className="text-center">
      <NicheLine niche={page.niche} />

      <h1 className={heading}>
        <FormattedMessage id="lander.collagelanding.title" />
      </h1>
      <p className="mx-auto mt-2 max-w-xl text-muted">
        <FormattedMessage id="lander.collagelanding.intro" />
      </p>
    </div>
    <ul className="mt-6 grid auto-rows-[7.5rem] grid-cols-3 gap-2 sm:auto-rows-[10rem] sm:grid-cols-5 sm:gap-3">
      {page.members.slice(0, 12).map((m, i) => (
        <li
          key={m.id}
          className={
            i === 0 ? 'col-span-2 row-span-2' : i === 5 ? 'row-span-2' : i === 8 ? 'sm:col-span-2' : undefined
          }
        >
          <PhotoTile member={m} eager={i < 4} large={i === 0} className="size-full" />
        </li>
      ))}
    </ul>
    <div className="mt-8 text-center">
      <Figures page={page} className="text-muted" />
      <LanderCta lander={lander} className="mt-3" />
    </div>
  </section>
);

/**
 * gallery: every member of the page in a grid, the button always at hand on a phone. The first four
 * photos (two rows on a phone, the first row on a desktop) load at once: one of them is the largest paint.
 */
export const Gallery: Design = ({ page, lander }) => (
  <section>
    <NicheLine niche={page.niche} />

    <h1 className={heading}>
      <FormattedMessage id="lander.gallery.title" />
    </h1>
    <p className="mt-2 max-w-2xl text-muted">
      <FormattedMessage id="lander.gallery.intro" />
    </p>
    <Figures page={page} className="mt-2 text-muted" />
    <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {page.members.slice(0, 12).map((m, i) => (
        <li key={m.id}>
          <PhotoTile member={m} eager={i < 4} className="aspect-[3/4]" />
        </li>
      ))}
    </ul>
    <div className="sticky bottom-0 -mx-4 mt-6 border-t border-line bg-white/95 px-4 py-3 text-center backdrop-blur sm:static sm:border-0 sm:bg-transparent">
      <LanderCta lander={lander} />
    </div>
  </section>
);

/** iconslanding: what the members are into, as icons; each is a way into the signup. */
export const Icons: Design = ({ page, lander }) => {
  const intl = useIntl();
  const start = useStartSignup(lander);
  const counts = new Map<string, number>();
  for (const m of page.members) for (const id of m.interests) counts.set(id, (counts.get(id) ?? 0) + 1);
  const top = INTERESTS.filter((i) => counts.has(i.id))
    .sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0))
    .slice(0, 8);
  const locale = intl.locale as Locale;
  return (
    <section>
      <div className="text-center">
        <NicheLine niche={page.niche} />

        <h1 className={heading}>
          <FormattedMessage id="lander.iconslanding.title" />
        </h1>
        <p className="mx-auto mt-2 max-w-xl text-muted">
          <FormattedMessage id="lander.iconslanding.intro" />
        </p>
      </div>
      <ul className="mx-auto mt-6 grid max-w-3xl grid-cols-2 gap-3 sm:grid-cols-4">
        {top.map((interest) => {
          const Icon = interestIcon(interest.icon);
          return (
            <li key={interest.id}>
              <button
                type="button"
                onClick={() => start()}
                className="flex w-full flex-col items-center gap-2 rounded-2xl border border-line bg-white p-4 text-center shadow-sm transition hover:border-primary hover:shadow-md focus-visible:border-primary"
              >
                <Icon aria-hidden size={32} className="text-primary" />
                <span className="font-semibold">{interest.names[locale] ?? interest.names.en}</span>
                <span className="text-sm text-muted">
                  <FormattedMessage
                    id="lander.interest_members"
                    values={{ count: counts.get(interest.id) }}
                  />
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {page.members.slice(0, 8).map((m, i) => (
          <li key={m.id}>
            <PhotoTile member={m} eager={i < 2} className="aspect-square" />
          </li>
        ))}
      </ul>
      <div className="mt-8 text-center">
        <LanderCta lander={lander} />
      </div>
    </section>
  );
};

/** maplanding: the members' cities on a map of the market (city level only), the nearest way in. */
export const MapDesign: Design = ({ page, lander }) => {
  const intl = useIntl();
  const cities = page.cities;
  const most = Math.max(1, ...cities.map((c) => c.members));
  // Names of the larger cities, most members first, where they do not cover a name already placed.
  const labelled = new Set<string>();
  const placed: { x: number; y: number }[] = [];
  for (const c of cities) {
    const at = { x: 8 + c.x * 84, y: 8 + c.y * 84 };
    if (placed.length >= 8 || placed.some((p) => Math.abs(p.x - at.x) < 20 && Math.abs(p.y - at.y) < 6))
      continue;
    placed.push(at);
    labelled.add(c.city);
  }
  return (
    <section>
      <NicheLine niche={page.niche} />

      <h1 className={heading}>
        <FormattedMessage id="lander.maplanding.title" />
      </h1>
      <p className="mt-2 max-w-2xl text-muted">
        <FormattedMessage id="lander.maplanding.intro" />
      </p>
      <div className="mt-6 grid gap-6 md:grid-cols-[3fr_2fr]">
        <figure className="rounded-3xl bg-[radial-gradient(circle_at_30%_20%,#e6f4f1_0%,#cfe9e3_55%,#b7ddd4_100%)] p-3">
          <svg
            viewBox="0 0 100 100"
            className="aspect-square w-full"
            role="img"
            aria-label={intl.formatMessage({ id: 'lander.map_label' })}
          >
            {cities.map((c) => {
              const r = 1.6 + 4.4 * Math.sqrt(c.members / most);
              const x = 8 + c.x * 84;
              const y = 8 + c.y * 84;
              return (
                <g key={c.city}>
                  <circle cx={x} cy={y} r={r} fill="var(--color-primary)" fillOpacity={0.35} />
                  <circle cx={x} cy={y} r={Math.min(r, 1.4)} fill="var(--color-primary-strong)" />
                  {labelled.has(c.city) && (
                    <text
                      x={x}
                      y={y - r - 1}
                      textAnchor="middle"
                      fontSize="3.2"
                      fill="#1f2937"
                      fontWeight={600}
                    >
                      {c.city}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
          <figcaption className="sr-only">
            <FormattedMessage id="lander.map_label" />
          </figcaption>
        </figure>
        <div>
          <h2 className="text-lg font-bold">
            <FormattedMessage id="lander.map_cities" />
          </h2>
          <ul
            className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white"
            data-testid="lander-cities"
          >
            {cities.slice(0, 8).map((c) => (
              <li key={c.city} className="flex items-center justify-between gap-3 px-4 py-2.5">
                <span className="font-medium">{c.city}</span>
                <span className="text-sm text-muted">
                  <FormattedMessage
                    id="lander.city_figures"
                    values={{ members: c.members, online: c.online }}
                  />
                </span>
              </li>
            ))}
          </ul>
          <SeekQuestion lander={lander} niche={page.niche} className="mt-6" />
        </div>
      </div>
      <h2 className="mt-10 text-lg font-bold">
        <FormattedMessage id="lander.map_recent" />
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {page.members.slice(0, 4).map((m) => (
          <li key={m.id}>
            <PhotoTile member={m} className="aspect-square" />
          </li>
        ))}
      </ul>
    </section>
  );
};

/** socialnetwork: members' own words as a feed; liking or answering a post starts the signup. */
export const Social: Design = ({ page, lander }) => {
  const intl = useIntl();
  const start = useStartSignup(lander);
  const posts = [...page.members.filter((m) => m.about_line), ...page.members.filter((m) => !m.about_line)];
  return (
    <section className="mx-auto max-w-xl">
      <NicheLine niche={page.niche} />

      <h1 className={heading}>
        <FormattedMessage id="lander.socialnetwork.title" />
      </h1>
      <p className="mt-2 text-muted">
        <FormattedMessage id="lander.socialnetwork.intro" />
      </p>
      <LanderCta lander={lander} className="mt-4" />
      <ol className="mt-6 space-y-5">
        {posts.slice(0, 10).map((m, i) => (
          <li key={m.id} className="overflow-hidden rounded-3xl border border-line bg-white shadow-sm">
            <article aria-label={`${m.name}, ${m.age}`}>
              <header className="flex items-center gap-3 p-3">
                <img
                  src={m.thumb_url}
                  alt=""
                  className="size-10 rounded-full object-cover"
                  loading={i < 1 ? 'eager' : 'lazy'}
                  decoding="async"
                />
                <div className="min-w-0">
                  <p className="flex items-center gap-1.5 font-semibold">
                    {m.name}, {m.age}
                    {m.online && <OnlineDot />}
                  </p>
                  {m.city && <p className="truncate text-sm text-muted">{m.city}</p>}
                </div>
              </header>
              {m.about_line && <p className="px-4 pb-3">{m.about_line}</p>}
              <img
                src={m.photo_url}
                alt={intl.formatMessage({ id: 'landing.photo_alt' }, { name: m.name })}
                className="aspect-square w-full object-cover"
                loading={i < 1 ? 'eager' : 'lazy'}
                decoding="async"
              />
              <footer className="flex gap-2 p-3">
                <button type="button" className="btn btn-ghost flex-1" onClick={() => start()}>
                  <Heart aria-hidden size={20} />
                  <FormattedMessage id="lander.post_like" values={{ name: m.name }} />
                </button>
                <button type="button" className="btn btn-ghost flex-1" onClick={() => start()}>
                  <MessageCircle aria-hidden size={20} />
                  <FormattedMessage id="lander.post_answer" values={{ name: m.name }} />
                </button>
              </footer>
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
};

export const DESIGNS: Record<Exclude<LanderName, 'tinderswipe'>, Design> = {
  alonetonight: AloneTonight,
  collagelanding: Collage,
  gallery: Gallery,
  iconslanding: Icons,
  maplanding: MapDesign,
  socialnetwork: Social,
  transitionsvideolanding: Transitions,
  video: Video,
};
