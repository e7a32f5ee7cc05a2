import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHAT } from '../../../shared/contract/chat.ts';
import { AppError } from '../../platform/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one chat send of the request's member and throws 429 past `CHAT.sendsPerMinute` a minute.
     * One count for every way of sending (text, gift and photo over HTTP, text over the socket), kept in
     * the app's rate-limit store: in Redis across instances when configured, else in this process.
     */
    countChatSend(req: FastifyRequest): Promise<void>;
  }
}

type Limiter = (req: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean }>;

/** Decorates `app.countChatSend`; call after @fastify/rate-limit is registered (it gives `createRateLimit`). */
export function registerChatSendLimit(app: FastifyInstance) {
  const create = (app as unknown as { createRateLimit: (options: object) => Limiter }).createRateLimit;
  const limiter = create({
    max: Math.ceil(CHAT.sendsPerMinute * app.config.rateLimitFactor),
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => `chat-send:${req.user?.id ?? req.ip}`,
  });
  app.decorate('countChatSend', async (req: FastifyRequest) => {
    const result = await limiter(req);
    if (!result.isAllowed && result.isExceeded) throw new AppError(429, 'rate_limited', 'error.rate_limited');
  });
}
