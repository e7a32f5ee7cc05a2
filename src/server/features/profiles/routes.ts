import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/route.ts';
import { currentUser, type SessionUser } from '../../platform/session.ts';
import { getMemberLanding } from './landing.ts';
import {
  forgetOwnLocation,
  getMemberProfile,
  getOwnProfile,
  setBlock,
  setOwnLocation,
  updateOwnProfile,
  type Viewer,
} from './service.ts';
import { getShowcase } from './showcase.ts';

/** Own profile (M-01, M-10), other members' profile pages and blocking (M-05, M-06, M-08). */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  const auth = { preHandler: app.requireUser };
  const viewerOf = (user: SessionUser | null): Viewer | null =>
    user ? { id: user.id, paidUser: user.paidUser } : null;

  // Answers depend on who asks (blocks, premium, own data): never kept by shared caches. A route whose
  // answer is the same for everyone (the showcase) says so itself.
  app.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });

  route(app, 'GET /api/profile', auth, ({ req, site }) => getOwnProfile(app.db, currentUser(req).id, site));
  route(app, 'PUT /api/profile', auth, ({ req, body, site }) =>
    updateOwnProfile(app.db, currentUser(req).id, body, site),
  );
  route(
    app,
    'PUT /api/profile/location',
    { ...auth, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    ({ req, body, site }) => setOwnLocation(app.db, currentUser(req).id, body, site),
  );
  route(app, 'DELETE /api/profile/location', auth, ({ req, site }) =>
    forgetOwnLocation(app.db, currentUser(req).id, site),
  );

  route(app, 'GET /api/showcase', {}, ({ req, reply, site, now }) => {
    // The same for every visitor of a site and country: a short cache keeps the home page cheap.
    reply.header('cache-control', 'public, max-age=60');
    reply.header('vary', app.config.geoipHeader);
    return getShowcase(app.db, site, req.geoCountry(site), { cdnPrefix: site.cdnPrefix, now });
  });

  route(app, 'GET /api/members/:id', {}, ({ params, viewer, site, now }) =>
    getMemberProfile(app.db, params.id, viewerOf(viewer), { site, now }),
  );
  route(app, 'GET /api/members/:id/landing', {}, ({ params, viewer, site, now }) =>
    getMemberLanding(app.db, params.id, viewer?.id ?? null, { site, now }),
  );
  route(app, 'POST /api/members/:id/block', auth, ({ req, params }) =>
    setBlock(app.db, currentUser(req).id, params.id, true),
  );
  route(app, 'DELETE /api/members/:id/block', auth, ({ req, params }) =>
    setBlock(app.db, currentUser(req).id, params.id, false),
  );
};
