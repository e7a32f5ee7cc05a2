import { Camera, Crown, Lock, UserRound } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TUser } from '../../../shared/contract/accounts.ts';
import type { TMemberPhoto, TMemberProfile } from '../../../shared/contract/profiles.ts';
import { pathFor } from '../../../shared/routes.ts';
import { Link } from '../../components/route-link.tsx';

// The full-screen photo viewer and its dialog code load when a photo is first opened.
const PhotoViewer = lazy(() => import('./photo-viewer.tsx'));

/**
 * The profile's photos (M-05): the main photo first, edge to edge on phones (issue 27: photo first), with
 * `caption` (name and age, the like state) over its foot on a dark scrim; then the strip of the others and
 * what is locked behind Premium. The caption never takes space of its own, so nothing below it moves.
 */
export function Gallery({
  profile,
  viewer,
  caption,
}: {
  profile: TMemberProfile;
  viewer: TUser | null;
  caption: ReactNode;
}) {
  const intl = useIntl();
  const [selected, setSelected] = useState(0);
  const [viewing, setViewing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const photos = profile.photos;
  const current: TMemberPhoto | undefined = photos[selected] ?? photos[0];
  const alt = intl.formatMessage({ id: 'profile.photo_of' }, { name: profile.name });
  const showStrip = photos.length > 1 || profile.photos_locked > 0;
  return (
    <div className="-mx-4 md:mx-0">
      <div
        className="relative aspect-[4/5] overflow-hidden bg-surface md:aspect-[3/4] md:rounded-3xl md:shadow-sm md:ring-1 md:ring-black/5"
        data-testid="member-photo-header"
      >
        {current ? (
          <button
            ref={opener}
            type="button"
            className="block size-full cursor-zoom-in"
            onClick={() => setViewing(true)}
            aria-label={intl.formatMessage(
              { id: 'member.gallery_open' },
              { position: selected + 1, total: photos.length },
            )}
            aria-haspopup="dialog"
          >
            <img
              key={current.id}
              src={current.url}
              alt={alt}
              width={current.width}
              height={current.height}
              fetchPriority="high"
              className="size-full object-cover object-[50%_30%]"
              data-testid="member-main-photo"
            />
          </button>
        ) : (
          <span className="flex size-full items-center justify-center bg-gradient-to-br from-primary-soft to-surface">
            <UserRound aria-hidden size={96} className="text-primary/40" />
          </span>
        )}
        {profile.photo_count > 0 && (
          <span
            className="absolute right-3 top-3 inline-flex items-center gap-1.5 rounded-full bg-black/65 px-3 py-1 text-sm font-semibold text-white"
            data-testid="photo-count"
          >
            <Camera aria-hidden size={16} />
            <FormattedMessage id="member.photo_count" values={{ count: profile.photo_count }} />
          </span>
        )}
        {/* Taps go through to the photo beneath: the caption is words on it, not a control. */}
        <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 via-black/55 to-transparent px-4 pb-4 pt-20 text-white md:px-5 md:pb-5">
          {caption}
        </div>
      </div>
      {viewing && photos.length > 0 && (
        <Suspense fallback={null}>
          <PhotoViewer
            photos={photos}
            start={Math.min(selected, photos.length - 1)}
            name={profile.name}
            onClose={(index) => {
              setSelected(index);
              setViewing(false);
              // Back to the photo that opened it, now showing where the member stopped.
              requestAnimationFrame(() => opener.current?.focus());
            }}
          />
        </Suspense>
      )}
      {showStrip && (
        <ul
          className="mt-3 grid grid-cols-4 gap-2 px-4 md:px-0"
          aria-label={intl.formatMessage({ id: 'member.photos' })}
        >
          {photos.map((photo, i) => (
            <li key={photo.id}>
              <button
                type="button"
                onClick={() => setSelected(i)}
                aria-pressed={photo === current}
                aria-label={intl.formatMessage(
                  { id: 'member.show_photo' },
                  { position: i + 1, total: profile.photo_count },
                )}
                className="block aspect-[3/4] w-full overflow-hidden rounded-xl ring-offset-2 transition-opacity hover:opacity-90 aria-pressed:ring-3 aria-pressed:ring-primary"
              >
                <img
                  src={photo.thumb_url}
                  alt=""
                  width={360}
                  height={480}
                  loading="lazy"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
          {profile.photos_locked > 0 && (
            <li>
              <div
                className="flex aspect-[3/4] w-full flex-col items-center justify-center gap-1 rounded-xl bg-ink text-white"
                data-testid="photos-locked"
              >
                <Lock aria-hidden size={20} />
                <span className="text-lg font-bold">+{profile.photos_locked}</span>
                <span className="sr-only">
                  <FormattedMessage id="member.photos_locked" values={{ count: profile.photos_locked }} />
                </span>
              </div>
            </li>
          )}
        </ul>
      )}
      {profile.photos_locked > 0 && <LockedNote count={profile.photos_locked} member={viewer !== null} />}
    </div>
  );
}

/** Under the strip: more photos for Premium members (with the way there), or for members at all. */
function LockedNote({ count, member }: { count: number; member: boolean }) {
  const premium = pathFor('premium');
  return (
    <p className="mt-3 flex items-start gap-2 px-4 text-[15px] text-muted md:px-0">
      {member ? (
        <>
          <Crown aria-hidden size={18} className="mt-0.5 shrink-0 text-secondary" />
          <span>
            <FormattedMessage id="member.locked_premium" values={{ count }} />{' '}
            {premium && (
              <Link to={premium} className="font-semibold text-ink underline">
                <FormattedMessage id="myphotos.go_premium" />
              </Link>
            )}
          </span>
        </>
      ) : (
        <>
          <Lock aria-hidden size={18} className="mt-0.5 shrink-0" />
          <FormattedMessage id="member.locked_visitor" values={{ count }} />
        </>
      )}
    </p>
  );
}
