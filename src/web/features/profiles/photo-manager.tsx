import { Clock, Crown, ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PHOTO_UPLOAD } from '../../../shared/contract/photo-upload.ts';
import type { TPhoto } from '../../../shared/contract/photos.ts';
import { pathFor } from '../../../shared/routes.ts';
import { RULES } from '../../../shared/rules.ts';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../../api/error-text.ts';
import {
  uploadPhoto,
  useDeletePhoto,
  usePhotoPrivacy,
  usePhotos,
  useReorderPhotos,
  useSetMainPhoto,
  useUploaded,
} from '../../api/photos.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { FormAlert } from '../../components/form.tsx';
import { Link } from '../../components/route-link.tsx';
import { UploadProgress } from '../../components/upload-progress.tsx';
import { percentText } from '../../i18n/values.ts';
import { type Direction, PhotoTile } from './photo-tile.tsx';

interface Upload {
  key: number;
  preview: string;
  progress: number;
}

/** What can be said about a file before sending it: the server checks again (M-03). */
function localProblem(file: File, intl: ReturnType<typeof useIntl>): string | null {
  if (file.size > PHOTO_UPLOAD.maxBytes) {
    return intl.formatMessage(
      { id: 'photos.too_large' },
      { max_mb: Math.round(PHOTO_UPLOAD.maxBytes / 1024 / 1024) },
    );
  }
  if (file.size === 0) return intl.formatMessage({ id: 'photos.empty' });
  if (file.type && !(PHOTO_UPLOAD.accept as readonly string[]).includes(file.type)) {
    return intl.formatMessage({ id: 'photos.bad_type' });
  }
  return null;
}

/**
 * The own photos on /profile (M-03, M-04): upload with progress, main image, order (buttons, so the
 * keyboard can do it), private or public, delete after a confirmation; the count against the limit.
 */
export function PhotoManager({ name, paidUser }: { name: string; paidUser: boolean }) {
  const intl = useIntl();
  const inputId = useId();
  const list = usePhotos();
  const uploaded = useUploaded();
  const setMain = useSetMainPhoto();
  const reorder = useReorderPhotos();
  const privacy = usePhotoPrivacy();
  const remove = useDeletePhoto();
  const [upload, setUpload] = useState<Upload | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [confirmDelete, setConfirmDelete] = useState<TPhoto | null>(null);
  const [uploadPrivate, setUploadPrivate] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<{ id: number; dir: Direction } | null>(null);

  useEffect(() => () => abort.current?.abort(), []);
  const preview = upload?.preview;
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const photos = list.data?.photos ?? [];
  const limit = list.data?.limit ?? (paidUser ? RULES.photos.premium : RULES.photos.free);
  const count = list.data?.count ?? photos.length;
  const atLimit = count >= limit;

  // After a move the photo's buttons are new to the keyboard: keep focus on the same move, or the other
  // one when the photo reached an end.
  useLayoutEffect(() => {
    const wanted = focusAfterMove.current;
    if (!wanted || photos.length === 0) return;
    focusAfterMove.current = null;
    const same = buttons.current.get(`${wanted.id}-${wanted.dir}`);
    const other = buttons.current.get(`${wanted.id}-${wanted.dir === 'left' ? 'right' : 'left'}`);
    (same && !same.disabled ? same : other)?.focus();
  }, [photos]);

  const fail = (err: unknown) => setError(errorText(err, intl));

  async function chooseFiles(files: File[]) {
    setError(null);
    for (const [i, file] of files.entries()) {
      const problem = localProblem(file, intl);
      if (problem) {
        setError(problem);
        return;
      }
      const controller = new AbortController();
      abort.current = controller;
      setUpload({ key: Date.now() + i, preview: URL.createObjectURL(file), progress: 0 });
      try {
        await uploadPhoto(file, {
          signal: controller.signal,
          isPrivate: uploadPrivate,
          onProgress: (progress) => setUpload((u) => (u ? { ...u, progress } : u)),
        });
        setAnnouncement(intl.formatMessage({ id: 'myphotos.uploaded' }));
        uploaded();
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        setUpload(null);
        // The limit answer says what to do next (premium, or delete one): the server's words.
        fail(err);
        if (err instanceof ApiError && err.code === 'photo_limit') uploaded();
        return;
      }
    }
    setUpload(null);
  }

  // Buttons stay enabled while a change is on its way (a disabled button would drop the keyboard's
  // focus); a second press in the meantime is ignored.
  function move(photo: TPhoto, dir: Direction) {
    if (reorder.isPending) return;
    const from = photos.findIndex((p) => p.id === photo.id);
    const to = dir === 'left' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= photos.length) return;
    const ids = photos.map((p) => p.id);
    [ids[from], ids[to]] = [ids[to] as number, ids[from] as number];
    setError(null);
    focusAfterMove.current = { id: photo.id, dir };
    setAnnouncement(intl.formatMessage({ id: 'myphotos.moved' }, { position: to + 1, total: photos.length }));
    reorder.mutate(ids, { onError: fail });
  }

  const uploading = upload !== null;
  const percent = upload ? Math.round(upload.progress * 100) : 0;
  const premium = pathFor('premium');

  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-muted" data-testid="photo-count">
          <FormattedMessage id="myphotos.count" values={{ count, limit }} />
        </p>
      </div>
      {photos.some((p) => p.status === 'pending') && (
        <p className="mt-2 flex items-start gap-2 text-sm text-muted" data-testid="pending-hint">
          <Clock aria-hidden size={16} className="mt-0.5 shrink-0" />
          <FormattedMessage id="myphotos.pending_hint" />
        </p>
      )}
      {error && (
        <div className="mt-3">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>

      {list.isPending ? (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="aspect-[3/4] animate-pulse rounded-2xl bg-surface" />
          ))}
        </ul>
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-x-3 gap-y-4 sm:grid-cols-3">
          {photos.map((photo, index) => (
            <PhotoTile
              key={photo.id}
              photo={photo}
              index={index}
              total={photos.length}
              name={name}
              buttonRef={(key) => (el) => {
                if (el) buttons.current.set(key, el);
                else buttons.current.delete(key);
              }}
              onMain={() => {
                if (setMain.isPending) return;
                setError(null);
                setMain.mutate(photo.id, {
                  onSuccess: () => setAnnouncement(intl.formatMessage({ id: 'myphotos.main_set' })),
                  onError: fail,
                });
              }}
              onPrivacy={() => {
                if (privacy.isPending) return;
                setError(null);
                privacy.mutate({ id: photo.id, isPrivate: !photo.is_private }, { onError: fail });
              }}
              onDelete={() => setConfirmDelete(photo)}
              onMove={(dir) => move(photo, dir)}
            />
          ))}
          {upload && (
            <li key={upload.key}>
              <div className="relative aspect-[3/4] overflow-hidden rounded-2xl bg-surface">
                <img src={upload.preview} alt="" className="size-full object-cover opacity-60" />
                <div className="absolute inset-x-3 bottom-3">
                  <UploadProgress percent={percent} trackClassName="bg-white/80" />
                  <p className="mt-1 rounded bg-white/85 px-1.5 text-center text-xs font-semibold">
                    <FormattedMessage
                      id="signup.photo_uploading"
                      values={{ percent_text: percentText(intl.locale, percent) }}
                    />
                  </p>
                </div>
              </div>
            </li>
          )}
          <li>
            <label
              htmlFor={inputId}
              className="flex aspect-[3/4] cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-line bg-white px-3 text-center font-semibold text-primary transition-colors hover:border-primary hover:bg-primary-soft has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary"
            >
              <ImagePlus aria-hidden size={36} />
              <FormattedMessage id="myphotos.add" />
              <input
                id={inputId}
                type="file"
                name="photo"
                accept={PHOTO_UPLOAD.accept.join(',')}
                multiple
                className="sr-only"
                disabled={uploading}
                onChange={(e) => {
                  const files = Array.from(e.target.files ?? []);
                  e.target.value = '';
                  void chooseFiles(files);
                }}
              />
            </label>
          </li>
        </ul>
      )}

      <label className="mt-4 inline-flex min-h-11 cursor-pointer items-center gap-3 text-[15px]">
        <input
          type="checkbox"
          checked={uploadPrivate}
          onChange={(e) => setUploadPrivate(e.target.checked)}
          className="size-5 accent-[var(--color-primary)]"
        />
        <FormattedMessage id="myphotos.upload_private" />
      </label>
      <p className="text-sm text-muted">
        <FormattedMessage id="myphotos.private_hint" />
      </p>

      {atLimit && !paidUser && (
        <div
          className="mt-4 flex items-start gap-3 rounded-2xl bg-secondary-soft p-4 text-on-secondary"
          data-testid="photo-limit-note"
        >
          <Crown aria-hidden size={22} className="mt-0.5 shrink-0" />
          <p className="text-[15px]">
            <FormattedMessage id="myphotos.limit_note" values={{ limit, premium: RULES.photos.premium }} />{' '}
            {premium && (
              <Link to={premium} className="font-semibold underline">
                <FormattedMessage id="myphotos.go_premium" />
              </Link>
            )}
          </p>
        </div>
      )}

      <ConfirmModal
        open={confirmDelete !== null}
        onClose={() => setConfirmDelete(null)}
        title={<FormattedMessage id="myphotos.delete_title" />}
        description={<FormattedMessage id="myphotos.delete_body" />}
        danger
        busy={remove.isPending}
        confirm={
          <>
            <Trash2 aria-hidden size={18} />
            <FormattedMessage id="myphotos.delete_confirm" />
          </>
        }
        onConfirm={() => {
          if (!confirmDelete) return;
          setError(null);
          remove.mutate(confirmDelete.id, {
            onSuccess: () => {
              setConfirmDelete(null);
              setAnnouncement(intl.formatMessage({ id: 'myphotos.deleted' }));
            },
            onError: (err) => {
              setConfirmDelete(null);
              fail(err);
            },
          });
        }}
      >
        {confirmDelete && (
          <img
            src={confirmDelete.thumb_url}
            alt={intl.formatMessage({ id: 'profile.photo_of' }, { name })}
            width={360}
            height={480}
            className="mx-auto mb-5 aspect-[3/4] w-32 rounded-xl object-cover"
          />
        )}
      </ConfirmModal>
    </div>
  );
}
