import type { Redis } from 'ioredis';

/**
 * Who has the site open (N-02: no push while the real-time socket already told them). Sockets of this
 * process are the realtime hub's; with Redis, a key per member with a short expiry, refreshed by the socket
 * heartbeat, tells the other instances. A hint: at worst one push too many or one too few.
 */
export interface Presence {
  /** The real-time hub says which members have a socket in this process; the one count of them. */
  attach(hasSocketHere: (memberId: number) => boolean): void;
  /** A member's first socket in this process opened. */
  arrived(memberId: number): void;
  /** A member's last socket in this process closed. */
  left(memberId: number): void;
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
  let here: (memberId: number) => boolean = () => false;
  const quietly = (p: Promise<unknown> | undefined) => void p?.catch(() => {});
  const mark = (memberId: number) => quietly(redis?.set(keyOf(memberId), '1', 'EX', TTL_SECONDS));
  return {
    attach(hasSocketHere) {
      here = hasSocketHere;
    },
    arrived: mark,
    left(memberId) {
      quietly(redis?.del(keyOf(memberId)));
    },
    refresh(memberIds) {
      for (const id of memberIds) mark(id);
    },
    async isOnline(memberId) {
      if (here(memberId)) return true;
      if (redis?.status !== 'ready') return false;
      try {
        return (await redis.exists(keyOf(memberId))) === 1;
      } catch {
        return false;
      }
    },
  };
}
