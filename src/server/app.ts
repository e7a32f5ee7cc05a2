import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Locale } from '../shared/i18n/locales.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { devAccountRoutes } from './features/accounts/dev-routes.ts';
import { accountRoutes } from './features/accounts/routes.ts';
import { discoveryRoutes } from './features/discovery/routes.ts';
import { likeRoutes } from './features/likes/routes.ts';
import { photoRoutes } from './features/photos/routes.ts';
import { blockRoutes } from './features/profiles/blocks-routes.ts';
import { profileRoutes } from './features/profiles/routes.ts';
import { geocodeRoutes } from './features/site/geocode-routes.ts';
import type { SiteRow } from './features/site/queries.ts';
import { siteRoutes } from './features/site/routes.ts';
import { createSiteResolver, geoCountry, type SiteResolver } from './features/site/service.ts';
import { AppError, registerErrorHandler } from './platform/errors.ts';
import { requestLocale, t } from './platform/i18n.ts';
import { createMailer, registerDevMail } from './platform/mail.ts';
import { createMetrics, type Metrics } from './platform/metrics.ts';
import { getVapidKeys } from './platform/secrets.ts';
import { securityHeaders } from './platform/security-headers.ts';
import { registerSessions } from './platform/session.ts';
import { createDiskStorage } from './platform/storage.ts';
import { registerWeb } from './platform/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    sites: SiteResolver;
    metrics: Metrics;
    pushPublicKey: string;
  }
  interface FastifyRequest {
    locale(site?: SiteRow): Locale;
    geoCountry(site: SiteRow): string;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  redis?: Redis;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Unsafe requests from a browser must come from this host: blocks cross-site form posts (CSRF). */
function isCrossOrigin(req: FastifyRequest): boolean {
  if (req.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = req.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host !== req.host;
  } catch {
    return true;
  }
}

export async function buildApp({ config, database, redis }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.env === 'test' ? 'silent' : config.logLevel,
      // Query strings can carry one-time tokens (activation links): never log them.
      serializers: {
        req: (req: FastifyRequest) => ({ method: req.method, url: req.url.split('?')[0], id: req.id }),
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // Malformed URLs (bad escapes, over-long ids) get the one error shape too, in the caller's language.
    frameworkErrors: (error, req, reply) => {
      const locale = requestLocale(req.cookies ?? {}, req.headers['accept-language']);
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const body = JSON.stringify({
        error: { code: 'bad_request', message: t(locale, 'error.bad_request') },
      });
      void (reply as FastifyReply).code(status).type('application/json; charset=utf-8').send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their zod schema in development and tests, where a wrong shape should
  // fail loudly; production trusts the presenters and saves the per-request validation.
  app.setSerializerCompiler(
    config.env === 'production' ? () => (data) => JSON.stringify(data) : serializerCompiler,
  );

  const metrics = createMetrics();
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('metrics', metrics);
  app.decorate('sites', createSiteResolver(database.db));
  app.decorate('pushPublicKey', (await getVapidKeys(database.db)).publicKey);

  app.decorateRequest('locale', function (this: FastifyRequest, site?: SiteRow) {
    return requestLocale(this.cookies ?? {}, this.headers['accept-language'], site?.domainLanguage);
  });
  app.decorateRequest('geoCountry', function (this: FastifyRequest, site: SiteRow) {
    const header = config.trustProxy ? this.headers[config.geoipHeader] : undefined;
    return geoCountry(site, Array.isArray(header) ? header[0] : header);
  });

  registerErrorHandler(app, async (req) => {
    const site = await app.sites(req.host).catch(() => undefined);
    return { locale: req.locale(site), values: { min_age: site?.minAge ?? 18 } };
  });

  await app.register(fastifyCookie);
  const headers = securityHeaders(config);
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(headers);
  });
  await app.register(fastifyRateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: 'vonk-rl:' } : {}),
    allowList: (req) => !req.url.startsWith('/api/'),
  });

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Vonk API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  app.addHook('onRequest', async (req) => {
    if (UNSAFE.has(req.method) && req.url.startsWith('/api/') && isCrossOrigin(req)) {
      throw new AppError(403, 'cross_origin', 'error.cross_origin');
    }
  });
  app.addHook('onResponse', async (req, reply) => {
    metrics.httpDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.driver };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.driver });
    }
  });
  app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerSessions(app);
  app.decorate('mailer', createMailer(database.db, config.smtpUrl));
  app.decorate('media', createDiskStorage(join(config.dataDir, 'media')));

  await app.register(siteRoutes);
  await app.register(geocodeRoutes);
  await app.register(photoRoutes);
  await app.register(accountRoutes);
  await app.register(profileRoutes);
  await app.register(blockRoutes);
  await app.register(likeRoutes);
  await app.register(discoveryRoutes);
  if (config.env !== 'production') {
    registerDevMail(app);
    await app.register(devAccountRoutes);
  }
  await registerWeb(app, config.webDir);

  return app;
}
