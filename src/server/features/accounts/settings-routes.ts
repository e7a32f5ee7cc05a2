import type { FastifyPluginAsync } from 'fastify';
import { endMemberSockets } from '../../platform/bus.ts';
import { route } from '../../platform/route.ts';
import { clearSessionCookie, currentUser } from '../../platform/session.ts';
import { findCompany } from '../../platform/site.ts';
import { acceptRetention, deleteAccount, exportAccount, retentionSolutions } from './account-settings.ts';
import { updateUser } from './queries.ts';
import { accountKit } from './route-kit.ts';
import { loadUser } from './service.ts';

/** The settings page's switches, the retention offers, deleting the account and its export. */
export const accountSettingsRoutes: FastifyPluginAsync = async (app) => {
  const { secure, auth, perMinute } = await accountKit(app);

  route(app, 'PUT /api/account/notifications', auth, async ({ req, body }) => {
    const me = currentUser(req);
    const current = await loadUser(app.db, me.id);
    await updateUser(app.db, me.id, {
      notificationSettings: { ...current.notification_settings, ...body.notification_settings },
    });
    return { user: await loadUser(app.db, me.id) };
  });

  route(app, 'PUT /api/account/privacy', auth, async ({ req, body }) => {
    const me = currentUser(req);
    await updateUser(app.db, me.id, { invisible: body.invisible });
    return { user: await loadUser(app.db, me.id) };
  });

  route(app, 'PUT /api/account/location', auth, async ({ req, body }) => {
    const me = currentUser(req);
    await updateUser(app.db, me.id, { locationOptions: body });
    return { user: await loadUser(app.db, me.id) };
  });

  route(app, 'GET /api/account/retention', auth, async ({ req, site }) => ({
    solutions: retentionSolutions(
      await loadUser(app.db, currentUser(req).id),
      await findCompany(app.db, site.companyId),
    ),
  }));

  route(app, 'POST /api/account/retention', auth, async ({ req, body, site }) => {
    const me = currentUser(req);
    await acceptRetention(
      app.db,
      await loadUser(app.db, me.id),
      body.kind,
      await findCompany(app.db, site.companyId),
    );
    return { user: await loadUser(app.db, me.id) };
  });

  route(app, 'DELETE /api/account', { ...auth, config: perMinute(5) }, async ({ req, reply, body, now }) => {
    await deleteAccount(app.db, currentUser(req).id, body, now);
    endMemberSockets(app.bus, currentUser(req).id, 'ended');
    clearSessionCookie(reply, secure);
    return { ok: true as const };
  });

  route(app, 'GET /api/account/export', { ...auth, config: perMinute(5) }, async ({ req, reply, now }) => {
    const data = await exportAccount(app.db, currentUser(req).id);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="vonk-data-${now.toISOString().slice(0, 10)}.json"`,
      )
      .header('cache-control', 'private, no-store')
      .send(JSON.stringify(data, null, 2));
  });
};
