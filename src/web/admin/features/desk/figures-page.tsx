import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useOutletContext, useSearchParams } from 'react-router';
import { type AdminMe, adminCall } from '../../api.ts';
import { DeskTabs } from './desk-parts.tsx';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The desk's figures (O-05): answers per operator and per site, with the median and p90 wait. */
export function Component() {
  const me = useOutletContext<AdminMe>();
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const today = new Date();
  const from = params.get('from') ?? isoDay(new Date(today.getTime() - 6 * 86_400_000));
  const to = params.get('to') ?? isoDay(today);
  const figures = useQuery({
    queryKey: ['admin', 'desk', 'figures', from, to],
    queryFn: () => adminCall('GET /api/admin/desk/figures', { query: { from, to } }),
  });
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(name, value);
    setParams(next, { replace: true });
  };
  const wait = (ms: number) =>
    ms < 60_000
      ? intl.formatMessage({ id: 'admin.desk.wait.seconds' }, { n: Math.round(ms / 1000) })
      : intl.formatMessage({ id: 'admin.desk.wait.minutes' }, { n: Math.round(ms / 60_000) });

  const table = (
    caption: string,
    nameHeader: string,
    rows: { key: string; name: string; answered: number; median_wait_ms: number; p90_wait_ms: number }[],
  ) => (
    <div className="overflow-x-auto rounded-md border border-line bg-white">
      <table className="w-full text-sm">
        <caption className="p-2 text-left font-semibold">
          <FormattedMessage id={caption} />
        </caption>
        <thead className="bg-surface text-left">
          <tr>
            <th scope="col" className="p-2">
              <FormattedMessage id={nameHeader} />
            </th>
            <th scope="col" className="p-2 text-right">
              <FormattedMessage id="admin.desk.figures.answered" />
            </th>
            <th scope="col" className="p-2 text-right">
              <FormattedMessage id="admin.desk.figures.median" />
            </th>
            <th scope="col" className="p-2 text-right">
              <FormattedMessage id="admin.desk.figures.p90" />
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={4} className="p-2 text-muted">
                <FormattedMessage id="admin.desk.figures.none" />
              </td>
            </tr>
          )}
          {rows.map((r) => (
            <tr key={r.key} className="border-t border-line">
              <th scope="row" className="p-2 text-left font-normal">
                {r.name}
              </th>
              <td className="p-2 text-right tabular-nums">{intl.formatNumber(r.answered)}</td>
              <td className="p-2 text-right tabular-nums">{wait(r.median_wait_ms)}</td>
              <td className="p-2 text-right tabular-nums">{wait(r.p90_wait_ms)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

  return (
    <section aria-labelledby="figures-title" className="space-y-3">
      <DeskTabs me={me} />
      <h1 id="figures-title" className="text-xl font-bold">
        <FormattedMessage id="admin.desk.figures.title" />
      </h1>
      <div className="flex flex-wrap gap-3">
        <label className="flex flex-col text-sm">
          <FormattedMessage id="admin.desk.figures.from" />
          <input
            type="date"
            value={from}
            max={to}
            onChange={(e) => e.target.value && set('from', e.target.value)}
            className="min-h-11 rounded-md border border-line px-2"
          />
        </label>
        <label className="flex flex-col text-sm">
          <FormattedMessage id="admin.desk.figures.to" />
          <input
            type="date"
            value={to}
            min={from}
            onChange={(e) => e.target.value && set('to', e.target.value)}
            className="min-h-11 rounded-md border border-line px-2"
          />
        </label>
      </div>
      {figures.isError && (
        <p role="alert" className="text-danger">
          {figures.error.message}
        </p>
      )}
      {figures.data && (
        <div className="grid gap-4 lg:grid-cols-2">
          {table(
            'admin.desk.figures.operators',
            'admin.desk.figures.operator',
            figures.data.operators.map((o) => ({ key: String(o.staff_id), ...o })),
          )}
          {table(
            'admin.desk.figures.sites',
            'admin.desk.figures.site',
            figures.data.sites.map((s) => ({ key: String(s.site_id), ...s })),
          )}
        </div>
      )}
    </section>
  );
}
