import type { Agent } from 'node:https';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import type { Locale } from '../shared/i18n/locales.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { devAccountRoutes } from './features/accounts/dev-routes.ts';
import { emailRoutes } from './features/accounts/email-routes.ts';
import { recoveryRoutes } from './features/accounts/recovery-routes.ts';
import { accountRoutes } from './features/accounts/routes.ts';
import { accountSettingsRoutes } from './features/accounts/settings-routes.ts';
import { adminRoutes, devAdminRoutes, registerAdminPage } from './features/admin/index.ts';
import { chatRoutes } from './features/chat/routes.ts';
import { registerChatSendLimit, sendFrames } from './features/chat/send.ts';
import { configureSendBatches } from './features/chat/send-batch.ts';
import { chatFrames } from './features/chat/socket-frames.ts';
import { devCreditRoutes } from './features/credits/dev-routes.ts';
import { creditRoutes } from './features/credits/routes.ts';
import { discoveryRoutes } from './features/discovery/routes.ts';
import { landerRoutes } from './features/landers/routes.ts';
import { likeRoutes } from './features/likes/routes.ts';
import { swipeRoutes } from './features/likes/swipe-routes.ts';
import { mailRoutes } from './features/notifications/mail-routes.ts';
import { startPushDispatch } from './features/notifications/push-sender.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { photoRoutes } from './features/photos/routes.ts';
import { blockRoutes } from './features/profiles/blocks-routes.ts';
import { getShareMeta } from './features/profiles/index.ts';
import { profileRoutes } from './features/profiles/routes.ts';
import { complaintRoutes } from './features/site/complaints-routes.ts';
import { devSiteRoutes } from './features/site/dev-routes.ts';
import { geocodeRoutes } from './features/site/geocode-routes.ts';
import { siteRoutes } from './features/site/routes.ts';
import { type Bus, createLocalBus, createRedisBus } from './platform/bus.ts';
import { isCrossOrigin } from './platform/cross-site.ts';
import { AppError, registerErrorHandler } from './platform/errors.ts';
import { appServer, isProbe, registerHealth } from './platform/health.ts';
import { addressLocaleOf, requestLocale, t } from './platform/i18n.ts';
import { answerSerializerCompiler, registerInPage } from './platform/in-page.ts';
import { loggerOptions } from './platform/logging.ts';
import { createMailer } from './platform/mail.ts';
import { createMetrics, type Metrics } from './platform/metrics.ts';
import { assertMetricsAllowed, registerDevTools } from './platform/operations.ts';
import { createPresence } from './platform/presence.ts';
import { trustFunction } from './platform/proxy.ts';
import { fallbackStore } from './platform/rate-limit-store.ts';
import { closeSocketsOnLogout, realtimeRoutes } from './platform/realtime.ts';
import { getVapidKeys } from './platform/secrets.ts';
import { securityHeaders } from './platform/security-headers.ts';
import { registerSeo } from './platform/seo.ts';
import { registerSessions } from './platform/session.ts';
import type { SiteRow } from './platform/site.ts';
import { createSiteResolver, geoCountry, type SiteResolver } from './platform/site.ts';
import { registerStaffSessions } from './platform/staff.ts';
import { createDiskStorage } from './platform/storage.ts';
import { createS3Storage } from './platform/storage-s3.ts';
import { registerWeb } from './platform/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    sites: SiteResolver;
    metrics: Metrics;
    pushPublicKey: string;
    /** Every route as registered, with the contract's endpoint key when `route()` made it. */
    routeList: { method: string; url: string; endpoint?: string }[];
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
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /** The real-time bus; by default over `redis` when given (channel vonk:realtime), else in-process. */
  bus?: Bus;
  /** Tests: the HTTPS agent web push uses (one that trusts a local test push service). */
  pushAgent?: Agent;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function buildApp({
  config,
  database,
  redis,
  logStream,
  bus,
  pushAgent,
}: AppDeps): Promise<FastifyInstance> {
  const trusted = trustFunction(config.trustProxy);
  const app = Fastify({
    serverFactory: appServer,
    logger: loggerOptions(config, logStream),
    trustProxy: trusted,
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

  const routeList: FastifyInstance['routeList'] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) {
      if (method !== 'HEAD') routeList.push({ method, url: r.url, endpoint: r.config?.endpoint });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  // Checked against their zod schema in development and tests; the same serialiser answers in a page.
  app.setSerializerCompiler(answerSerializerCompiler(config.env));
  registerInPage(app);

  const metrics = createMetrics();
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  // Two batches at once on a server: one's commit overlaps the other's work, and batches stay big (the
  // cost per batch is shared by more sends). Four made smaller batches and more CPU per message
  // (decision 0013, session 6).
  configureSendBatches(database.db, database.driver === 'pg' ? 2 : 1);
  app.decorate('metrics', metrics);
  app.decorate('sites', createSiteResolver(database.db));
  app.decorate('pushPublicKey', (await getVapidKeys(database.db)).publicKey);

  app.decorateRequest('locale', function (this: FastifyRequest, site?: SiteRow) {
    const acceptLanguage = this.headers['accept-language'];
    return requestLocale(this.cookies ?? {}, acceptLanguage, site?.domainLanguage, addressLocaleOf(this));
  });
  app.decorateRequest('geoCountry', function (this: FastifyRequest, site: SiteRow) {
    const header = trusted(this.socket.remoteAddress ?? '', 0) ? this.headers[config.geoipHeader] : undefined;
    return geoCountry(site, Array.isArray(header) ? header[0] : header);
  });

  registerErrorHandler(app, async (req) => {
    const site = await app.sites(req.host).catch(() => undefined);
    return { locale: req.locale(site), values: { min_age: site?.minAge ?? 18 } };
  });

  // Before the rate limiter, so the probes carry no rate-limit hook (the hooks below skip them).
  await registerHealth(app, { database, redis, metrics });
  await app.register(fastifyCookie);
  // Answers of a few KB and more (searches, lists, the HTML shell) go out compressed; brotli at a low
  // level costs little CPU per answer. Built assets are compressed once at build time (platform/web.ts).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  const headers = securityHeaders(config);
  // Callback-style hooks: no promise per request on every route. The probes set their own two headers.
  app.addHook('onRequest', (req, reply, done) => {
    if (!isProbe(req.url)) reply.headers(headers);
    done();
  });
  await app.register(fastifyRateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    ...(redis
      ? {
          store: fallbackStore(redis, 'vonk-rl:', {
            degraded: (err) => {
              metrics.redisDegraded.set(1);
              app.log.warn({ err }, 'Redis failed: rate limits count in this process until it is back');
            },
            recovered: () => {
              metrics.redisDegraded.set(0);
              app.log.info('Redis answers again: rate limits are shared again');
            },
            counted: () => metrics.rateLimitLocalCounts.inc(),
          }),
        }
      : {}),
    allowList: (req) => !req.url.startsWith('/api/'),
  });
  registerChatSendLimit(app);

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Vonk API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  // Unsafe requests from a browser must come from this host: blocks cross-site form posts (CSRF).
  app.addHook('onRequest', (req, _reply, done) => {
    if (UNSAFE.has(req.method) && req.url.startsWith('/api/') && isCrossOrigin(req)) {
      done(new AppError(403, 'cross_origin', 'error.cross_origin'));
      return;
    }
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    if (!isProbe(req.url)) {
      metrics.httpDuration.observe(
        { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    }
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    assertMetricsAllowed(req, config.metricsToken);
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerSessions(app);
  registerStaffSessions(app);
  app.decorate('bus', bus ?? (redis ? createRedisBus(redis, { log: app.log }) : createLocalBus(app.log)));
  app.addHook('onClose', async () => app.bus.close());
  // A site edited in the back office on any instance: every instance reads its sites again (O-04).
  app.bus.onNotice((notice) => {
    if (notice.kind === 'sites_changed') app.sites.forget();
  });
  closeSocketsOnLogout(app);
  app.decorate('presence', createPresence(redis));
  const stopPush = startPushDispatch(app, {
    db: database.db,
    agent: pushAgent,
    allowPrivate: config.pushAllowPrivateEndpoints,
  });
  app.addHook('onClose', async () => stopPush());
  app.decorate('mailer', createMailer(database.db, config.smtpUrl));
  app.decorate(
    'media',
    config.s3 ? createS3Storage(config.s3) : createDiskStorage(join(config.dataDir, 'media')),
  );
  app.addHook('onClose', async () => app.media.close?.());

  await app.register(siteRoutes);
  await app.register(geocodeRoutes);
  await app.register(complaintRoutes);
  await app.register(photoRoutes);
  await app.register(accountRoutes);
  await app.register(recoveryRoutes);
  await app.register(accountSettingsRoutes);
  await app.register(profileRoutes);
  await app.register(blockRoutes);
  await app.register(likeRoutes);
  await app.register(notificationRoutes);
  await app.register(mailRoutes);
  await app.register(emailRoutes);
  await app.register(swipeRoutes);
  await app.register(discoveryRoutes);
  await app.register(landerRoutes);
  await app.register(creditRoutes);
  await app.register(chatRoutes);
  // The socket hub knows no feature: chat gives it the meaning of the frames members send.
  await app.register(realtimeRoutes, { frames: [await sendFrames(app), await chatFrames(app)] });
  await app.register(adminRoutes);
  registerAdminPage(app, config.webDir);
  if (config.env !== 'production') {
    await registerDevTools(app, [devAccountRoutes, devCreditRoutes, devSiteRoutes, devAdminRoutes]);
  }
  // Before the web's not-found handler, which would answer these with the app's shell.
  registerSeo(app);
  await registerWeb(app, config.webDir, getShareMeta);

  return app;
}
