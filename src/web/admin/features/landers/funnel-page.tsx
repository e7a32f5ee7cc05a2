import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { adminCall } from '../../api.ts';

const PERIODS = [7, 30, 90] as const;

/**
 * Paid traffic's funnel (issue 25, P-08): per site, lander, niche and source the views, the signups
 * started and the accounts made, and the share of views that became an account.
 */
export function Component() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const days = Number(params.get('days')) || 30;
  const funnel = useQuery({
    queryKey: ['admin', 'landers', days],
    queryFn: () => adminCall('GET /api/admin/landers', { query: { days } }),
  });
  const rate = (part: number, whole: number) =>
    whole > 0 ? intl.formatNumber(part / whole, { style: 'percent', maximumFractionDigits: 1 }) : '–';
  const head = (id: string, right = true) => (
    <th scope="col" className={`p-2 ${right ? 'text-right' : 'text-left'}`}>
      <FormattedMessage id={id} />
    </th>
  );
  return (
    <section aria-labelledby="landers-title" className="space-y-3">
      <h1 id="landers-title" className="text-xl font-bold">
        <FormattedMessage id="admin.landers.title" />
      </h1>
      <p className="text-sm text-muted">
        <FormattedMessage id="admin.landers.intro" />
      </p>
      <label className="flex w-fit flex-col text-sm">
        <FormattedMessage id="admin.landers.period" />
        <select
          value={days}
          onChange={(e) => setParams({ days: e.target.value }, { replace: true })}
          className="min-h-11 rounded-md border border-line px-2"
        >
          {PERIODS.map((d) => (
            <option key={d} value={d}>
              {intl.formatMessage({ id: 'admin.landers.days' }, { days: d })}
            </option>
          ))}
        </select>
      </label>
      {funnel.isError && (
        <p role="alert" className="text-danger">
          {funnel.error.message}
        </p>
      )}
      {funnel.data && (
        <div className="overflow-x-auto rounded-md border border-line bg-white">
          <table className="w-full text-sm" data-testid="lander-funnel">
            <thead className="bg-surface text-left">
              <tr>
                {head('admin.landers.site', false)}
                {head('admin.landers.lander', false)}
                {head('admin.landers.niche', false)}
                {head('admin.landers.network', false)}
                {head('admin.landers.views')}
                {head('admin.landers.starts')}
                {head('admin.landers.signups')}
                {head('admin.landers.conversion')}
              </tr>
            </thead>
            <tbody>
              {funnel.data.rows.length === 0 && (
                <tr>
                  <td colSpan={8} className="p-2 text-muted">
                    <FormattedMessage id="admin.landers.none" />
                  </td>
                </tr>
              )}
              {funnel.data.rows.map((r) => (
                <tr key={`${r.site_id}-${r.lander}-${r.niche}-${r.network}`} className="border-t border-line">
                  <td className="p-2">{r.site}</td>
                  <th scope="row" className="p-2 text-left font-medium">
                    {r.lander}
                  </th>
                  <td className="p-2">
                    <FormattedMessage id={`admin.sites.niche.${r.niche}`} />
                  </td>
                  <td className="p-2">{r.network || <FormattedMessage id="admin.landers.no_network" />}</td>
                  <td className="p-2 text-right tabular-nums">{intl.formatNumber(r.views)}</td>
                  <td className="p-2 text-right tabular-nums">{intl.formatNumber(r.starts)}</td>
                  <td className="p-2 text-right tabular-nums">{intl.formatNumber(r.signups)}</td>
                  <td className="p-2 text-right tabular-nums">{rate(r.signups, r.views)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
