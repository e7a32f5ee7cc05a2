import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TMemberPhoto } from '../../../shared/contract/profiles.ts';
import { NativeDialog } from '../../components/modal-dialog.tsx';

/**
 * A member's photos full screen (M-05, issue 11): swipe between them (a scroll-snap strip, so touch,
 * trackpad and mouse wheel all work natively), arrow keys and the previous/next buttons (which go round) for keyboards,
 * the position announced to screen readers, Escape or the close button to leave; focus returns to the
 * photo that opened it. A native modal `<dialog>`, so it opens above any dialog already open. Loaded with its
 * own chunk the first time a photo is opened.
 */
export default function PhotoViewer(props: {
  photos: TMemberPhoto[];
  start: number;
  name: string;
  onClose(index: number): void;
}) {
  const intl = useIntl();
  const { photos } = props;
  const [index, setIndex] = useState(props.start);
  const strip = useRef<HTMLDivElement>(null);
  const total = photos.length;
  const titleId = useId();
  const descriptionId = useId();

  const show = useCallback(
    (next: number, smooth = true) => {
      const el = strip.current;
      const clamped = Math.max(0, Math.min(total - 1, next));
      if (!el) return;
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      el.scrollTo({ left: clamped * el.clientWidth, behavior: smooth && !reduce ? 'smooth' : 'auto' });
      setIndex(clamped);
    },
    [total],
  );

  // Open on the photo that was tapped, without an animation from the first.
  useEffect(() => {
    show(props.start, false);
  }, [show, props.start]);

  // A swipe ends wherever the snap puts it: once the strip has come to rest, the photo most in view is the
  // current one. Waiting for rest keeps a smooth scroll of the buttons from passing through other photos.
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  const onScroll = () => {
    clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      const el = strip.current;
      if (!el || el.clientWidth === 0) return;
      setIndex(Math.max(0, Math.min(total - 1, Math.round(el.scrollLeft / el.clientWidth))));
    }, 150);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'ArrowRight') show(index + 1);
    else if (e.key === 'ArrowLeft') show(index - 1);
    else if (e.key === 'Home') show(0);
    else if (e.key === 'End') show(total - 1);
    else return;
    e.preventDefault();
  };

  const alt = (i: number) =>
    `${intl.formatMessage({ id: 'profile.photo_of' }, { name: props.name })} (${intl.formatMessage(
      { id: 'member.gallery_position' },
      { position: i + 1, total },
    )})`;
  const round =
    'inline-flex size-12 items-center justify-center rounded-full bg-white/15 text-white backdrop-blur-sm hover:bg-white/25';

  const close = () => props.onClose(index);

  return (
    <NativeDialog
      onDismiss={close}
      onKeyDown={onKeyDown}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="m-0 size-full max-h-none max-w-none flex-col bg-black p-0 text-white outline-none backdrop:bg-black open:flex"
      data-testid="photo-viewer"
    >
      <div className="flex items-center justify-between gap-3 px-3 pt-[calc(env(safe-area-inset-top)+0.5rem)] pb-2">
        <h2 id={titleId} className="truncate pl-2 text-lg font-bold">
          <FormattedMessage id="member.gallery_title" values={{ name: props.name }} />
        </h2>
        <p id={descriptionId} className="sr-only">
          <FormattedMessage id="member.gallery_help" />
        </p>
        <button
          type="button"
          onClick={close}
          className={round}
          aria-label={intl.formatMessage({ id: 'common.close' })}
        >
          <X aria-hidden size={24} />
        </button>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a scrolling strip of photos, not a form group */}
      <div
        ref={strip}
        onScroll={onScroll}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroller must be reachable by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
        role="group"
        aria-label={intl.formatMessage({ id: 'member.gallery_title' }, { name: props.name })}
        className="flex min-h-0 flex-1 snap-x snap-mandatory overflow-x-auto overscroll-contain [scrollbar-width:none]"
        data-testid="photo-strip"
      >
        {photos.map((photo, i) => (
          <figure
            key={photo.id}
            className="flex h-full w-full shrink-0 snap-center items-center justify-center"
            aria-hidden={i !== index}
          >
            <img
              src={photo.url}
              alt={alt(i)}
              width={photo.width}
              height={photo.height}
              loading={Math.abs(i - index) <= 1 ? 'eager' : 'lazy'}
              decoding="async"
              className="max-h-full max-w-full object-contain"
              draggable={false}
            />
          </figure>
        ))}
      </div>
      <div className="flex items-center justify-center gap-6 px-3 pt-2 pb-[calc(env(safe-area-inset-bottom)+1rem)]">
        <button
          type="button"
          className={`${round} ${total > 1 ? '' : 'invisible'}`}
          onClick={() => show((index - 1 + total) % total)}
          aria-label={intl.formatMessage({ id: 'member.gallery_previous' })}
        >
          <ChevronLeft aria-hidden size={26} />
        </button>
        <p
          className="min-w-24 text-center font-semibold tabular-nums"
          aria-live="polite"
          data-testid="photo-position"
        >
          <FormattedMessage id="member.gallery_position" values={{ position: index + 1, total }} />
        </p>
        <button
          type="button"
          className={`${round} ${total > 1 ? '' : 'invisible'}`}
          onClick={() => show((index + 1) % total)}
          aria-label={intl.formatMessage({ id: 'member.gallery_next' })}
        >
          <ChevronRight aria-hidden size={26} />
        </button>
      </div>
    </NativeDialog>
  );
}
