import { FormattedMessage } from 'react-intl';
import { useOutletContext } from 'react-router';
import type { AdminMe } from '../../api.ts';

/** The back office's start: who is signed in, with which roles on which sites. */
export function Component() {
  const me = useOutletContext<AdminMe>();
  const siteName = (id: number | null) =>
    id === null ? null : (me.sites.find((s) => s.id === id)?.name ?? `#${id}`);
  return (
    <section aria-labelledby="home-title" className="space-y-3">
      <h1 id="home-title" className="text-xl font-bold">
        <FormattedMessage id="admin.home.welcome" values={{ name: me.name }} />
      </h1>
      <h2 className="font-semibold">
        <FormattedMessage id="admin.home.roles" />
      </h2>
      <ul className="list-inside list-disc text-sm">
        {me.grants.map((g) => (
          <li key={`${g.role}-${g.siteId ?? 0}`}>
            <FormattedMessage id={`admin.role.${g.role}`} />
            {' · '}
            {siteName(g.siteId) ?? <FormattedMessage id="admin.home.all_sites" />}
          </li>
        ))}
      </ul>
    </section>
  );
}
