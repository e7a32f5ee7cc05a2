import { useEffect, useRef, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useOutletContext, useSearchParams } from 'react-router';
import type { PhotoRejectReason, TPhotoQueueItem } from '../../../../shared/contract/admin-moderation.ts';
import { PHOTO_REJECT_REASONS } from '../../../../shared/contract/admin-moderation.ts';
import type { AdminMe } from '../../api.ts';
import { useDecide, usePhotoQueue } from './photos-api.ts';
import { ReasonPicker } from './reason-picker.tsx';

const WAITING_CAP = 999;

/** Keys typed into a field are the field's, not shortcuts. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function MemberFacts({ item }: { item: TPhotoQueueItem }) {
  const m = item.member;
  const row = 'flex justify-between gap-3 border-b border-line py-1.5 text-sm last:border-0';
  return (
    <dl className="mt-2">
      <div className={row}>
        <dt className="text-muted">
          <FormattedMessage id="admin.photos.uploaded" />
        </dt>
        <dd>
          <FormattedDate value={item.created_at} dateStyle="medium" timeStyle="short" />
        </dd>
      </div>
      <div className={row}>
        <dt className="text-muted">
          <FormattedMessage id="admin.photos.site" />
        </dt>
        <dd>{m.site_name}</dd>
      </div>
      <div className={row}>
        <dt className="text-muted">
          <FormattedMessage id="admin.photos.language" />
        </dt>
        <dd className="uppercase">{m.language}</dd>
      </div>
      <div className={row}>
        <dt className="text-muted">
          <FormattedMessage id="admin.photos.member_since" />
        </dt>
        <dd>
          <FormattedDate value={m.signup_date} dateStyle="medium" />
        </dd>
      </div>
      <div className={row}>
        <dt className="text-muted">
          <FormattedMessage id="admin.photos.photo_count" />
        </dt>
        <dd>{m.photo_count}</dd>
      </div>
    </dl>
  );
}

/**
 * The moderation queue (M-09, O-03): the oldest waiting photo big, its member beside it, approve (A) or
 * reject with a reason (R, then 1-6), skip (N). Works the same with a mouse, a keyboard or a thumb.
 */
export function Component() {
  const intl = useIntl();
  const me = useOutletContext<AdminMe>();
  const [params, setParams] = useSearchParams();
  const site = params.get('site');
  const queue = usePhotoQueue(site);
  const decide = useDecide();
  const [skipped, setSkipped] = useState<number[]>([]);
  const [rejecting, setRejecting] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const items = queue.data?.items ?? [];
  const open = items.filter((i) => !skipped.includes(i.id));
  const current = open[0] ?? null;
  const next = open.slice(1);

  const act = (reason: PhotoRejectReason | null) => {
    if (!current || decide.isPending) return;
    setError(null);
    setRejecting(false);
    const done = reason
      ? intl.formatMessage(
          { id: 'admin.photos.rejected' },
          { reason: intl.formatMessage({ id: `admin.photos.reason.${reason}` }) },
        )
      : intl.formatMessage({ id: 'admin.photos.approved' });
    decide.mutate(reason ? { id: current.id, approve: false, reason } : { id: current.id, approve: true }, {
      onSuccess: () => setAnnouncement(done),
      onError: (err) => setError(err.message),
    });
  };
  const skip = () => {
    if (!current) return;
    setRejecting(false);
    setSkipped((s) => [...s, current.id]);
  };

  // A approve · R reject, then 1-6 · N skip · Esc cancel.
  const keys = useRef<(e: KeyboardEvent) => void>(() => {});
  keys.current = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || typing(e.target) || !current) return;
    const key = e.key.toLowerCase();
    if (rejecting) {
      const n = Number(key);
      const reason = Number.isInteger(n) ? PHOTO_REJECT_REASONS[n - 1] : undefined;
      if (reason) {
        e.preventDefault();
        act(reason);
      } else if (key === 'escape') {
        e.preventDefault();
        setRejecting(false);
      }
      return;
    }
    if (key === 'a') {
      e.preventDefault();
      act(null);
    } else if (key === 'r') {
      e.preventDefault();
      setRejecting(true);
    } else if (key === 'n') {
      e.preventDefault();
      skip();
    }
  };
  useEffect(() => {
    const listener = (e: KeyboardEvent) => keys.current(e);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const waiting = queue.data?.waiting ?? 0;
  const sites = me.sites;

  return (
    <section aria-labelledby="photos-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="photos-title" ref={heading} className="text-xl font-bold">
            <FormattedMessage id="admin.photos.title" />
          </h1>
          <p className="text-sm text-muted" data-testid="waiting-count">
            {waiting > WAITING_CAP ? (
              <FormattedMessage id="admin.photos.waiting_many" values={{ count: WAITING_CAP }} />
            ) : (
              <FormattedMessage id="admin.photos.waiting" values={{ count: waiting }} />
            )}
          </p>
        </div>
        {sites.length > 1 && (
          <label className="flex flex-col text-sm">
            <span className="text-muted">
              <FormattedMessage id="admin.photos.site" />
            </span>
            <select
              className="min-h-11 rounded-md border border-line bg-white px-2"
              value={site ?? ''}
              onChange={(e) => {
                setSkipped([]);
                setParams(e.target.value ? { site: e.target.value } : {});
              }}
            >
              <option value="">{intl.formatMessage({ id: 'admin.photos.all_sites' })}</option>
              {sites.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>

      <p role="status" className="sr-only">
        {announcement}
      </p>
      {error && (
        <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}

      {queue.isPending ? (
        <div className="h-96 animate-pulse rounded-xl bg-white" aria-busy="true" />
      ) : queue.isError ? (
        <p role="alert" className="text-danger">
          {queue.error.message}
        </p>
      ) : !current ? (
        <p className="rounded-xl border border-dashed border-line bg-white px-4 py-10 text-center text-muted">
          <FormattedMessage id="admin.photos.empty" />
        </p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]" data-testid="queue-current">
          <figure className="flex items-center justify-center overflow-hidden rounded-xl bg-ink/90">
            <img
              key={current.id}
              src={current.url}
              width={current.width}
              height={current.height}
              alt={intl.formatMessage(
                { id: 'admin.photos.photo_of' },
                {
                  name: current.member.name,
                  date: intl.formatDate(current.created_at, { dateStyle: 'medium', timeStyle: 'short' }),
                },
              )}
              className="max-h-[70dvh] w-auto max-w-full object-contain"
            />
          </figure>
          <div className="space-y-3">
            <div className="rounded-xl bg-white p-3 ring-1 ring-line">
              <h2 className="text-lg font-semibold">
                {current.member.name}{' '}
                <span className="text-sm font-normal text-muted">#{current.member.id}</span>
              </h2>
              <p className="text-sm">
                <Link to={`/members/${current.member.id}`} className="text-primary-strong underline">
                  <FormattedMessage id="admin.photos.member_link" values={{ id: current.member.id }} />
                </Link>
              </p>
              <p className="mt-2 flex flex-wrap gap-1.5 text-xs">
                <span
                  className={`rounded-full px-2 py-0.5 font-semibold ${current.status === 'pending' ? 'bg-warning/15 text-warning' : 'bg-primary-soft text-primary-strong'}`}
                >
                  <FormattedMessage id={`admin.photos.status.${current.status}`} />
                </span>
                {current.is_main && (
                  <span className="rounded-full bg-surface px-2 py-0.5 ring-1 ring-line">
                    <FormattedMessage id="admin.photos.main" />
                  </span>
                )}
                {current.is_private && (
                  <span className="rounded-full bg-surface px-2 py-0.5 ring-1 ring-line">
                    <FormattedMessage id="admin.photos.private" />
                  </span>
                )}
              </p>
              <MemberFacts item={current} />
            </div>

            {rejecting ? (
              <ReasonPicker
                busy={decide.isPending}
                autoFocus
                onPick={(reason) => act(reason)}
                onCancel={() => setRejecting(false)}
              />
            ) : (
              <div className="grid grid-cols-2 gap-2">
                <button
                  type="button"
                  onClick={() => act(null)}
                  disabled={decide.isPending}
                  aria-keyshortcuts="A"
                  className="min-h-12 rounded-md bg-primary px-3 font-semibold text-white hover:bg-primary-strong disabled:opacity-60"
                >
                  <FormattedMessage id="admin.photos.approve" /> <kbd className="text-xs opacity-80">A</kbd>
                </button>
                <button
                  type="button"
                  onClick={() => setRejecting(true)}
                  disabled={decide.isPending}
                  aria-keyshortcuts="R"
                  className="min-h-12 rounded-md bg-danger px-3 font-semibold text-white hover:opacity-90 disabled:opacity-60"
                >
                  <FormattedMessage id="admin.photos.reject" /> <kbd className="text-xs opacity-80">R</kbd>
                </button>
                <button
                  type="button"
                  onClick={skip}
                  aria-keyshortcuts="N"
                  className="col-span-2 min-h-11 rounded-md border border-line bg-white px-3 text-sm hover:bg-surface"
                >
                  <FormattedMessage id="admin.photos.next" /> <kbd className="text-xs text-muted">N</kbd>
                </button>
              </div>
            )}
            <p className="text-xs text-muted">
              <FormattedMessage id="admin.photos.shortcuts" />
            </p>
          </div>
        </div>
      )}

      {next.length > 0 && (
        <section aria-labelledby="queue-next">
          <h2 id="queue-next" className="mb-2 text-sm font-semibold text-muted">
            <FormattedMessage id="admin.photos.queue_label" />
          </h2>
          <ul className="flex gap-2 overflow-x-auto pb-1">
            {next.map((item) => (
              <li key={item.id} className="shrink-0">
                <img
                  src={item.thumb_url}
                  alt={intl.formatMessage(
                    { id: 'admin.photos.photo_of' },
                    {
                      name: item.member.name,
                      date: intl.formatDate(item.created_at, { dateStyle: 'medium', timeStyle: 'short' }),
                    },
                  )}
                  width={72}
                  height={96}
                  loading="lazy"
                  className="h-24 w-18 rounded-md object-cover ring-1 ring-line"
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
