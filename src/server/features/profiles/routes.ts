import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/contract/errors.ts';
import {
  ZBlockResponse,
  ZLocationRequest,
  ZMemberIdParams,
  ZMemberLanding,
  ZMemberResponse,
  ZOwnProfileResponse,
  ZShowcaseResponse,
  ZUpdateProfileRequest,
} from '../../../shared/contract/profiles.ts';
import { currentUser } from '../../platform/session.ts';
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

const errors = errorResponses(400, 403, 404, 422, 429);

/** Own profile (M-01, M-10), other members' profile pages and blocking (M-05, M-06, M-08). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { preHandler: app.requireUser };
  const viewerOf = (req: FastifyRequest): Viewer | null =>
    req.user ? { id: req.user.id, paidUser: req.user.paidUser } : null;

  // Answers depend on who asks (blocks, premium, own data): never kept by shared caches. A route whose
  // answer is the same for everyone (the showcase) says so itself.
  app.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/api/profile',
    {
      ...auth,
      schema: {
        tags: ['profiles'],
        summary: 'Own profile with the site settings of what profile pages show (M-01)',
        response: { 200: ZOwnProfileResponse, ...errors },
      },
    },
    async (req) => getOwnProfile(app.db, currentUser(req).id, await app.sites(req.host)),
  );

  app.put(
    '/api/profile',
    {
      ...auth,
      schema: {
        tags: ['profiles'],
        summary: 'Change own profile fields; fields left out stay as they are (M-01)',
        body: ZUpdateProfileRequest,
        response: { 200: ZOwnProfileResponse, ...errors },
      },
    },
    async (req) => updateOwnProfile(app.db, currentUser(req).id, req.body, await app.sites(req.host)),
  );

  app.put(
    '/api/profile/location',
    {
      ...auth,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['profiles'],
        summary: 'Set country, region and city from a browser position, kept rounded to ~1 km (M-10)',
        body: ZLocationRequest,
        response: { 200: ZOwnProfileResponse, ...errors },
      },
    },
    async (req) => setOwnLocation(app.db, currentUser(req).id, req.body, await app.sites(req.host)),
  );

  app.delete(
    '/api/profile/location',
    {
      ...auth,
      schema: {
        tags: ['profiles'],
        summary: 'Forget the stored position (M-10)',
        response: { 200: ZOwnProfileResponse, ...errors },
      },
    },
    async (req) => forgetOwnLocation(app.db, currentUser(req).id, await app.sites(req.host)),
  );

  app.get(
    '/api/showcase',
    {
      schema: {
        tags: ['profiles'],
        summary: "The home page's people: recently active members with a photo, member and online counts",
        response: { 200: ZShowcaseResponse },
      },
    },
    async (req, reply) => {
      const site = await app.sites(req.host);
      // The same for every visitor of a site and country: a short cache keeps the home page cheap.
      reply.header('cache-control', 'public, max-age=60');
      reply.header('vary', app.config.geoipHeader);
      return getShowcase(app.db, site, req.geoCountry(site), { cdnPrefix: site.cdnPrefix, now: new Date() });
    },
  );

  app.get(
    '/api/members/:id',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Profile page of a member with related profiles; visitors see less (M-05, M-06, M-08)',
        params: ZMemberIdParams,
        response: { 200: ZMemberResponse, ...errors },
      },
    },
    async (req) =>
      getMemberProfile(app.db, req.params.id, viewerOf(req), {
        site: await app.sites(req.host),
        now: new Date(),
      }),
  );

  app.get(
    '/api/members/:id/landing',
    {
      schema: {
        tags: ['profiles'],
        summary: "A member's landing page: the member when anyone may see them, and others like them (L-08)",
        params: ZMemberIdParams,
        response: { 200: ZMemberLanding, ...errors },
      },
    },
    async (req) =>
      getMemberLanding(app.db, req.params.id, req.user?.id ?? null, {
        site: await app.sites(req.host),
        now: new Date(),
      }),
  );

  app.post(
    '/api/members/:id/block',
    {
      ...auth,
      schema: {
        tags: ['profiles'],
        summary: 'Block a member: neither sees the other any more (M-06)',
        params: ZMemberIdParams,
        response: { 200: ZBlockResponse, ...errors },
      },
    },
    async (req) => setBlock(app.db, currentUser(req).id, req.params.id, true),
  );

  app.delete(
    '/api/members/:id/block',
    {
      ...auth,
      schema: {
        tags: ['profiles'],
        summary: 'Unblock a member (M-06)',
        params: ZMemberIdParams,
        response: { 200: ZBlockResponse, ...errors },
      },
    },
    async (req) => setBlock(app.db, currentUser(req).id, req.params.id, false),
  );
};
