import type { FastifyInstance } from 'fastify';
import type { CardContext } from './service.ts';

/** What presenting member cards needs for a request: the CDN prefix of the request's site, and now. */
export async function cardContextFor(app: FastifyInstance, host: string): Promise<CardContext> {
  return { cdnPrefix: (await app.sites(host)).cdnPrefix, now: new Date() };
}
