import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDecide, useMemberPhotos } from './photos-api.ts';
import { ReasonPicker } from './reason-picker.tsx';

/**
 * A member's photos with "Remove…" on each (O-03, from a complaint): the same reject path as the queue,
 * so the files leave storage and the member is told why.
 */
export function MemberPhotos({ memberId, name }: { memberId: number; name: string }) {
  const intl = useIntl();
  const list = useMemberPhotos(memberId);
  const decide = useDecide();
  const [picking, setPicking] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (list.isPending) return <div className="h-32 animate-pulse rounded-lg bg-surface" aria-busy="true" />;
  if (list.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {list.error.message}
      </p>
    );
  const photos = list.data.photos;
  return (
    <div>
      <h3 className="font-semibold">
        <FormattedMessage id="admin.photos.remove_title" values={{ name }} />
      </h3>
      <p role="status" className="text-sm text-primary-strong">
        {status}
      </p>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {photos.length === 0 ? (
        <p className="text-sm text-muted">
          <FormattedMessage id="admin.photos.no_photos" />
        </p>
      ) : (
        <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {photos.map((p, i) => (
            <li key={p.id} className={picking === p.id ? 'col-span-2 sm:col-span-4' : ''}>
              <img
                src={p.thumb_url}
                alt={intl.formatMessage(
                  { id: 'admin.photos.photo_of' },
                  { name, date: intl.formatDate(p.created_at, { dateStyle: 'medium' }) },
                )}
                width={180}
                height={240}
                loading="lazy"
                className="aspect-[3/4] w-full max-w-44 rounded-md object-cover ring-1 ring-line"
              />
              <p className="mt-1 text-xs text-muted">
                #{i + 1} · <FormattedMessage id={`admin.photos.status.${p.status}`} />
              </p>
              {picking === p.id ? (
                <div className="mt-2">
                  <ReasonPicker
                    busy={decide.isPending}
                    autoFocus
                    onCancel={() => setPicking(null)}
                    onPick={(reason) => {
                      setError(null);
                      decide.mutate(
                        { id: p.id, approve: false, reason },
                        {
                          onSuccess: () => {
                            setPicking(null);
                            setStatus(intl.formatMessage({ id: 'admin.photos.removed' }));
                          },
                          onError: (err) => setError(err.message),
                        },
                      );
                    }}
                  />
                </div>
              ) : (
                <button
                  type="button"
                  onClick={() => setPicking(p.id)}
                  className="mt-1 min-h-11 rounded-md border border-danger/50 px-3 text-sm text-danger hover:bg-danger-soft"
                >
                  <FormattedMessage id="admin.photos.remove" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
