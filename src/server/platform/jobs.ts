import type { FastifyBaseLogger } from 'fastify';

export interface Job {
  name: string;
  everyMs: number;
  run(now: Date): Promise<unknown>;
}

/**
 * Runs periodic jobs in this process. Every job is written to be safe when several instances run it at
 * once (its SQL only acts on rows that still qualify), so no cross-instance lock is needed yet; a queue
 * (pg-boss) can take over when jobs need retries or exactly-once delivery.
 */
export function startJobs(jobs: Job[], log: FastifyBaseLogger): () => void {
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        const result = await job.run(new Date());
        log.debug({ job: job.name, result }, 'job done');
      } catch (err) {
        log.error({ err, job: job.name }, 'job failed');
      } finally {
        running = false;
      }
    };
    const first = setTimeout(tick, 5_000);
    const every = setInterval(tick, job.everyMs);
    first.unref();
    every.unref();
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  });
  return () => {
    for (const stop of timers) stop();
  };
}
