import { ChevronLeft, ChevronRight, Clock, Lock, LockOpen, Star, Trash2, TriangleAlert } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TPhoto } from '../../../shared/contract/photos.ts';

export type Direction = 'left' | 'right';

const overlayButton =
  'inline-flex size-11 items-center justify-center rounded-full text-white transition-colors hover:bg-white/20 aria-disabled:cursor-default aria-disabled:opacity-70 aria-disabled:hover:bg-transparent aria-pressed:bg-white aria-pressed:text-ink';

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-full text-ink transition-colors hover:bg-surface disabled:cursor-not-allowed disabled:opacity-35 disabled:hover:bg-transparent aria-disabled:cursor-not-allowed aria-disabled:opacity-35 aria-disabled:hover:bg-transparent aria-pressed:bg-primary-soft aria-pressed:text-primary-strong';

function StatusBadge({ photo }: { photo: TPhoto }) {
  const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold shadow-sm';
  return (
    <span className="absolute left-2 top-2 flex flex-col items-start gap-1">
      {photo.is_main && (
        <span className={`${badge} bg-primary text-white`}>
          <Star aria-hidden size={12} fill="currentColor" />
          <FormattedMessage id="myphotos.main" />
        </span>
      )}
      {photo.is_private && (
        <span className={`${badge} bg-ink text-white`}>
          <Lock aria-hidden size={12} />
          <FormattedMessage id="myphotos.private" />
        </span>
      )}
      {photo.status === 'pending' && (
        <span className={`${badge} bg-white text-ink`}>
          <Clock aria-hidden size={12} />
          <FormattedMessage id="myphotos.pending" />
        </span>
      )}
      {photo.status === 'rejected' && (
        <span className={`${badge} bg-danger text-white`}>
          <TriangleAlert aria-hidden size={12} />
          <FormattedMessage id="myphotos.rejected" />
        </span>
      )}
    </span>
  );
}

/** One own photo: its badges, make-main, private and delete over it, the move buttons under it. */
export function PhotoTile(props: {
  photo: TPhoto;
  index: number;
  total: number;
  name: string;
  /** Registers the move buttons (`<id>-left`, `<id>-right`): focus follows a moved photo. */
  buttonRef(key: string): (el: HTMLButtonElement | null) => void;
  onMain(): void;
  onPrivacy(): void;
  onDelete(): void;
  onMove(dir: Direction): void;
}) {
  const intl = useIntl();
  const { photo, index, name } = props;
  const label = intl.formatMessage({ id: 'myphotos.photo_n' }, { position: index + 1, total: props.total });
  const cannotBeMain = photo.is_main || photo.is_private || photo.status === 'rejected';
  return (
    <li data-testid="own-photo">
      <fieldset className="min-w-0" aria-label={label}>
        <div className="relative aspect-[3/4] overflow-hidden rounded-2xl bg-surface ring-1 ring-black/5">
          <img
            src={photo.thumb_url}
            alt={intl.formatMessage({ id: 'profile.photo_of' }, { name })}
            width={360}
            height={480}
            loading={index < 3 ? 'eager' : 'lazy'}
            className={`size-full object-cover ${photo.status === 'rejected' ? 'opacity-50 grayscale' : ''}`}
          />
          <StatusBadge photo={photo} />
          <div className="absolute inset-x-0 bottom-0 flex justify-center gap-1 bg-gradient-to-t from-black/70 to-transparent px-1 pb-1.5 pt-8">
            <button
              type="button"
              className={overlayButton}
              // aria-disabled, not disabled: the button keeps the focus after it did its work.
              aria-disabled={cannotBeMain || undefined}
              onClick={() => {
                if (!cannotBeMain) props.onMain();
              }}
              aria-label={intl.formatMessage({ id: 'myphotos.make_main' })}
              title={intl.formatMessage({ id: 'myphotos.make_main' })}
            >
              <Star aria-hidden size={20} fill={photo.is_main ? 'currentColor' : 'none'} />
            </button>
            <button
              type="button"
              className={overlayButton}
              aria-pressed={photo.is_private}
              onClick={props.onPrivacy}
              aria-label={intl.formatMessage({ id: 'myphotos.private_toggle' })}
              title={intl.formatMessage({
                id: photo.is_private ? 'myphotos.make_public' : 'myphotos.make_private',
              })}
            >
              {photo.is_private ? <Lock aria-hidden size={20} /> : <LockOpen aria-hidden size={20} />}
            </button>
            <button
              type="button"
              className={overlayButton}
              onClick={props.onDelete}
              aria-label={intl.formatMessage({ id: 'myphotos.delete' })}
              title={intl.formatMessage({ id: 'myphotos.delete' })}
            >
              <Trash2 aria-hidden size={20} />
            </button>
          </div>
        </div>
        <div className="mt-1 flex items-center justify-between">
          <button
            type="button"
            ref={props.buttonRef(`${photo.id}-left`)}
            className={iconButton}
            disabled={index === 0}
            onClick={() => props.onMove('left')}
            aria-label={intl.formatMessage({ id: 'myphotos.move_left' })}
            title={intl.formatMessage({ id: 'myphotos.move_left' })}
          >
            <ChevronLeft aria-hidden size={20} />
          </button>
          <span aria-hidden className="text-sm tabular-nums text-muted">
            {index + 1} / {props.total}
          </span>
          <button
            type="button"
            ref={props.buttonRef(`${photo.id}-right`)}
            className={iconButton}
            disabled={index === props.total - 1}
            onClick={() => props.onMove('right')}
            aria-label={intl.formatMessage({ id: 'myphotos.move_right' })}
            title={intl.formatMessage({ id: 'myphotos.move_right' })}
          >
            <ChevronRight aria-hidden size={20} />
          </button>
        </div>
      </fieldset>
    </li>
  );
}
