import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/contract/errors.ts';
import { ZMemberIdParams } from '../../../shared/contract/profiles.ts';
import {
  ZMatchFinderPrefs,
  ZMatchFinderQuery,
  ZMatchFinderResponse,
  ZSwipeRequest,
  ZSwipeResponse,
  ZSwipeStackResponse,
  ZUndoPassResponse,
} from '../../../shared/contract/swipe.ts';
import { cardContextFor } from '../../kernel/member-card.ts';
import { currentUser } from '../../platform/session.ts';
import { likeRouteOptions } from './routes.ts';
import { findMatches, getSwipeStack, saveMatchPrefs, swipe, undoLastPass } from './swipe-service.ts';

const errors = errorResponses(400, 403, 404, 409, 429);

/** Swipe game (D-07) and matchfinder (D-08): members only, answers private to the member. */
export const swipeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const cardContext = (host: string) => cardContextFor(app, host);
  const limited = likeRouteOptions(app);

  app.get(
    '/api/swipe',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['discovery'],
        summary: 'The next cards of the swipe game and the free likes left today (D-07)',
        response: { 200: ZSwipeStackResponse, ...errors },
      },
    },
    async (req) => getSwipeStack(app.db, currentUser(req).id, await cardContext(req.host)),
  );

  app.post(
    '/api/swipe/:id',
    {
      ...limited,
      schema: {
        tags: ['discovery'],
        summary: 'Like or pass a card of the swipe game; free members have 4 likes a day (D-07)',
        params: ZMemberIdParams,
        body: ZSwipeRequest,
        response: { 200: ZSwipeResponse, ...errors },
      },
    },
    async (req) =>
      swipe(app.db, currentUser(req).id, req.params.id, req.body.action, new Date(), app.bus.publishToMember),
  );

  app.delete(
    '/api/swipe/passes/last',
    {
      ...limited,
      schema: {
        tags: ['discovery'],
        summary: 'Undo the last pass of the swipe game (D-07)',
        response: { 200: ZUndoPassResponse, ...errors },
      },
    },
    async (req) => undoLastPass(app.db, currentUser(req).id, await cardContext(req.host)),
  );

  app.get(
    '/api/match-finder',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['discovery'],
        summary: 'Suggestions ranked by shared interests, preferences and activity, with reasons (D-08)',
        querystring: ZMatchFinderQuery,
        response: { 200: ZMatchFinderResponse, ...errors },
      },
    },
    async (req) => findMatches(app.db, currentUser(req).id, req.query, await cardContext(req.host)),
  );

  app.put(
    '/api/match-finder/preferences',
    {
      ...limited,
      schema: {
        tags: ['discovery'],
        summary: 'Remember the matchfinder preferences: age range and a region of the own country (D-08)',
        body: ZMatchFinderPrefs,
        response: { 200: ZMatchFinderPrefs, ...errors },
      },
    },
    async (req) => saveMatchPrefs(app.db, currentUser(req).id, req.body),
  );
};
