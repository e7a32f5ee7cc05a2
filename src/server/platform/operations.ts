import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { registerDevMail } from './mail.ts';
import { isFromThisMachine, listensBeyondThisMachine } from './proxy.ts';
import { registerDevSms } from './sms.ts';

const notFound = () => new AppError(404, 'not_found', 'error.not_found');

/**
 * The development tools under /dev (outbox with every reset link, ban and unban without a login). Never
 * registered in production, and even in development they answer only requests made on this machine, so a
 * laptop on a shared network or a forgotten `npm start` on a server does not hand out accounts. Features
 * bring their own tools as `featureTools` (app.ts lists them), so this file knows none of them.
 */
export async function registerDevTools(app: FastifyInstance, featureTools: readonly FastifyPluginAsync[]) {
  await app.register(async (dev) => {
    dev.addHook('onRequest', async (req) => {
      if (!isFromThisMachine(req)) throw notFound();
    });
    registerDevMail(dev);
    registerDevSms(dev);
    for (const tools of featureTools) await dev.register(tools);
  });
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** /metrics answers on this machine, or to anyone showing `Authorization: Bearer <METRICS_TOKEN>`. */
export function assertMetricsAllowed(req: FastifyRequest, token: string | undefined) {
  if (isFromThisMachine(req)) return;
  const given = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (token && given && timingSafeEqual(digest(given), digest(token))) return;
  throw notFound();
}

/**
 * The warning for a development start that other machines can reach (HOST not loopback): /dev is on, and
 * a proxy on this machine must not forward to it without a forwarding header. Null when there is none.
 */
export function devToolsWarning(env: string, host: string): string | null {
  if (env === 'production' || !listensBeyondThisMachine(host)) return null;
  return `DEVELOPER TOOLS ARE ON (/dev: every mail and reset link, bans, credits) and HOST=${host} lets other machines connect. They answer only requests from this machine without a forwarding header; set NODE_ENV=production for a real site, or HOST=127.0.0.1.`;
}

/** Lines for the start banner: who may use /dev and /metrics. */
export function operationsBanner(env: string, metricsToken: string | undefined): string[] {
  const lines: string[] = [];
  if (env !== 'production') {
    lines.push(
      'Developer tools (/dev/mail, /dev/sms, /dev/members, /dev/ban, /dev/unban, /dev/credits, /dev/site) answer only requests from this machine.',
    );
  }
  lines.push(
    metricsToken
      ? '/metrics answers this machine and requests with the METRICS_TOKEN bearer token.'
      : '/metrics answers only requests from this machine (set METRICS_TOKEN to scrape it from elsewhere).',
  );
  return lines;
}
