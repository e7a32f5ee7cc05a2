// The desk conversation's history and the two profile panels (O-05).
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TDeskMessage, TDeskProfile } from '../../../../shared/contract/admin-desk.ts';
import { languageName } from './desk-parts.tsx';

export function History(props: {
  messages: TDeskMessage[];
  hasMore: boolean;
  onOlder(): void;
  readId: number | null;
  memberName: string;
}) {
  const intl = useIntl();
  const end = useRef<HTMLLIElement>(null);
  const last = props.messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the newest message changes
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [last]);
  return (
    <ol className="flex-1 space-y-2 overflow-y-auto p-3" data-testid="desk-history">
      {props.hasMore && (
        <li className="text-center">
          <button
            type="button"
            onClick={props.onOlder}
            className="min-h-11 rounded-md px-3 text-sm text-primary underline"
          >
            <FormattedMessage id="admin.desk.view.older" />
          </button>
        </li>
      )}
      {props.messages.map((m) => {
        const mine = m.from === 'fictional';
        return (
          <li key={m.id} className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}>
            <div
              className={`max-w-[85%] whitespace-pre-wrap break-words rounded-lg px-3 py-2 ${mine ? 'bg-primary text-white' : 'bg-surface text-ink'}`}
            >
              {m.kind === 'text' && m.body}
              {m.gift && (
                <span className="flex items-center gap-2">
                  <img src={m.gift.image_url} alt="" width={32} height={32} />
                  {m.gift.name}
                </span>
              )}
              {m.photo && (
                <a href={m.photo.url} target="_blank" rel="noreferrer">
                  <img src={m.photo.thumb_url} alt="" className="max-h-40 rounded" />
                </a>
              )}
            </div>
            <span className="mt-0.5 text-xs text-muted">
              {mine ? '' : `${props.memberName} · `}
              {intl.formatTime(m.created_at, { hour: '2-digit', minute: '2-digit' })}
              {m.sent_by === 'operator' && (
                <>
                  {' · '}
                  <FormattedMessage id="admin.desk.view.operator" />
                </>
              )}
              {m.id === props.readId && (
                <>
                  {' · '}
                  <span data-testid="desk-read">
                    <FormattedMessage id="admin.desk.view.read" />
                  </span>
                </>
              )}
            </span>
          </li>
        );
      })}
      <li ref={end} aria-hidden="true" />
    </ol>
  );
}

export function ProfilePanel(props: {
  titleId: string;
  profile: TDeskProfile;
  className: string;
  testId: string;
}) {
  const p = props.profile;
  const intl = useIntl();
  const headingId = `${props.testId}-title`;
  return (
    <section
      aria-labelledby={headingId}
      className={`space-y-2 rounded-md border border-line bg-white p-3 text-sm lg:h-[calc(100dvh-11rem)] lg:overflow-y-auto ${props.className}`}
      data-testid={props.testId}
    >
      <h2 id={headingId} className="text-xs font-semibold uppercase tracking-wide text-muted">
        <FormattedMessage id={props.titleId} />
      </h2>
      <p className="text-base font-semibold">
        {p.name}
        {p.age !== null && <span className="font-normal">, {p.age}</span>}
      </p>
      <p className="text-muted">
        {[p.city, p.region, p.country].filter(Boolean).join(', ')}
        {p.gender && ` · ${p.gender}`}
        {` · ${languageName(p.language, intl.locale)}`}
      </p>
      {p.photos.length > 0 ? (
        <ul
          className="grid grid-cols-3 gap-1"
          aria-label={intl.formatMessage({ id: 'admin.desk.view.photos' })}
        >
          {p.photos.map((ph, i) => (
            <li key={ph.id}>
              <a href={ph.url} target="_blank" rel="noreferrer">
                <img
                  src={ph.thumb_url}
                  alt={`${p.name} ${i + 1}`}
                  className="aspect-square w-full rounded object-cover"
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted">
          <FormattedMessage id="admin.desk.view.no_photos" />
        </p>
      )}
      {p.looking_for && p.looking_for.length > 0 && (
        <p>
          <span className="font-semibold">
            <FormattedMessage id="admin.desk.view.looking_for" />:
          </span>{' '}
          {p.looking_for.join(', ')}
        </p>
      )}
      {p.about && (
        <div>
          <h3 className="font-semibold">
            <FormattedMessage id="admin.desk.view.about" />
          </h3>
          <p className="whitespace-pre-wrap break-words">{p.about}</p>
        </div>
      )}
      {Object.keys(p.fields).length > 0 && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-2">
          {Object.entries(p.fields).map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-muted">{name.replaceAll('_', ' ')}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {p.interests.length > 0 && (
        <p>
          <span className="font-semibold">
            <FormattedMessage id="admin.desk.view.interests" />:
          </span>{' '}
          {p.interests.join(', ')}
        </p>
      )}
    </section>
  );
}
