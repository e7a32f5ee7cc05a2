// Small pieces of the back office's member page: a section, a list of facts, a date and time (item 2).
import type { ReactNode } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';

export type Action =
  | { kind: 'ban' | 'unban' | 'credits' | 'activation' | 'delete' }
  | { kind: 'refund'; payment: string };

export const dateTime = (value: string | null) =>
  value ? <FormattedDate value={value} dateStyle="medium" timeStyle="short" /> : '–';

export function Section(props: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="space-y-2 rounded-lg border border-line bg-white p-4">
      <h2 id={props.id} className="text-lg font-semibold">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">
            <FormattedMessage id={label} />
          </dt>
          <dd className="mb-1 break-words sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
