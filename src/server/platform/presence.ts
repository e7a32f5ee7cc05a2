import type { Redis } from 'ioredis';

/**
 * Who has the site open (N-02: no push while the real-time socket already told them). Sockets of this
 * process are counted here; with Redis, a key per member with a short expiry, refreshed by the socket
 * heartbeat, tells the other instances. A hint: at worst one push too many or one too few.
 */
export interface Presence {
  connected(memberId: number): void;
  disconnected(memberId: number): void;
  /** Refreshes the shared keys of the members with sockets here (the heartbeat calls it). */
  refresh(memberIds: Iterable<number>): void;
  isOnline(memberId: number): Promise<boolean>;
}

const TTL_SECONDS = 60;
const keyOf = (memberId: number) => `vonk:online:${memberId}`;

declare module 'fastify' {
  interface FastifyInstance {
    presence: Presence;
  }
}

export function createPresence(redis?: Redis): Presence {
  const local = new Map<number, number>();
  const quietly = (p: Promise<unknown> | undefined) => void p?.catch(() => {});
  const mark = (memberId: number) => quietly(redis?.set(keyOf(memberId), '1', 'EX', TTL_SECONDS));
  return {
    connected(memberId) {
      local.set(memberId, (local.get(memberId) ?? 0) + 1);
      mark(memberId);
    },
    disconnected(memberId) {
      const left = (local.get(memberId) ?? 1) - 1;
      if (left > 0) return void local.set(memberId, left);
      local.delete(memberId);
      quietly(redis?.del(keyOf(memberId)));
    },
    refresh(memberIds) {
      for (const id of memberIds) mark(id);
    },
    async isOnline(memberId) {
      if (local.has(memberId)) return true;
      if (redis?.status !== 'ready') return false;
      try {
        return (await redis.exists(keyOf(memberId))) === 1;
      } catch {
        return false;
      }
    },
  };
}
