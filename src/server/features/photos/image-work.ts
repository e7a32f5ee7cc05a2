import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { AppError } from '../../platform/errors.ts';

/**
 * Decoding and encoding images is the one CPU-heavy thing a request can ask for. It runs on libuv's thread
 * pool, which also serves file reads (media, static files) and password hashing, and reading and checking
 * uploads takes the event loop that answers everyone else. Unbounded, a burst of uploads would stall
 * `/media` for everyone (issue 10 item 7). So uploads go through two small per-process queues: a few are
 * handled at once (read, checked, stored), and of those fewer still decode at once, one vips thread each.
 * The rest wait their turn without costing anything, and a full line answers "busy" at once instead of
 * piling up memory.
 */
const CORES = availableParallelism();
export const IMAGE_WORK = {
  /** Images decoding at once: leave a core (and most pool threads) to everything else. */
  concurrency: Math.max(1, Math.min(4, CORES - 1)),
  /** Decodes waiting for a turn before new ones are refused. */
  maxWaiting: 50,
} as const;
export const UPLOADS_AT_ONCE = {
  /** Uploads being read and checked at once: one more than decode, so checking goes on beside a decode. */
  concurrency: IMAGE_WORK.concurrency + 1,
  maxWaiting: 100,
} as const;

// One vips thread per image: parallelism comes from the queue, so one image cannot take every core.
sharp.concurrency(1);

const busy = () => new AppError(503, 'photo_busy', 'photos.busy');

export interface WorkQueue {
  /** Runs fn when a slot is free (first come, first served); 503 photo_busy when the line is full. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** Jobs running and waiting now (for tests and metrics). */
  load(): { running: number; waiting: number };
  /** Jobs started since the process began. */
  started(): number;
}

export function createWorkQueue(limits: { concurrency: number; maxWaiting: number }): WorkQueue {
  let running = 0;
  let started = 0;
  const waiting: Array<() => void> = [];
  return {
    async run(fn) {
      if (running >= limits.concurrency) {
        if (waiting.length >= limits.maxWaiting) throw busy();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else running++;
      started++;
      try {
        return await fn();
      } finally {
        // Hand the slot straight to the next in line, so a newcomer cannot jump the queue.
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    load: () => ({ running, waiting: waiting.length }),
    started: () => started,
  };
}

/** Decoding and encoding of images. */
export const imageWork = createWorkQueue(IMAGE_WORK);
export const runImageWork = <T>(fn: () => Promise<T>) => imageWork.run(fn);
/** Whole uploads, from reading the body to storing the files. */
export const uploadWork = createWorkQueue(UPLOADS_AT_ONCE);
