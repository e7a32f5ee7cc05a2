// Issue 10 item 7: `/media` while waves of 20 hostile uploads arrive at once. A hostile upload is a PNG of
// 100000x200 pixels: a few KB on the wire, seconds of decoding if it got that far. Budget: /media p99 under
// 100 ms. The uploads come from a child process (`node bench/media.ts uploader <address> <token>`), so
// sending them does not slow down the load generator that times /media.
import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import sharp from 'sharp';

const HOSTILE_AT_ONCE = 20;
/** A new wave starts this long after the previous one started (or when it ends, if later). */
const WAVE_EVERY_MS = 1000;

function form(file: Buffer, type: string): { body: Buffer; contentType: string } {
  const boundary = `----vonkbench${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="x"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function post(address: string, token: string, file: Buffer, type: string): Promise<Response> {
  const { body, contentType } = form(file, type);
  return fetch(`${address}/api/photos`, {
    method: 'POST',
    headers: { cookie: `vonk_session=${token}`, 'content-type': contentType, origin: address },
    body: new Uint8Array(body),
  });
}

const latency = (r: autocannon.Result) => ({
  requests_per_second: Math.round(r.requests.average),
  p50_ms: r.latency.p50,
  p99_ms: r.latency.p99,
});

interface UploaderReport {
  sent: number;
  statuses: Record<string, number>;
  slowest_wave_ms: number;
}

/** The child: waves of hostile uploads until told to stop, then a report. */
async function runUploader(address: string, token: string) {
  const hostile = await sharp({ create: { width: 100_000, height: 200, channels: 3, background: '#888' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  let stop = false;
  process.on('message', () => {
    stop = true;
  });
  const statuses: Record<string, number> = {};
  let sent = 0;
  let slowest = 0;
  process.send?.('ready');
  while (!stop) {
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: HOSTILE_AT_ONCE }, () => post(address, token, hostile, 'image/png')),
    );
    for (const a of answers) {
      statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      await a.arrayBuffer();
    }
    sent += answers.length;
    const took = performance.now() - started;
    slowest = Math.max(slowest, took);
    if (took < WAVE_EVERY_MS) await new Promise((resolve) => setTimeout(resolve, WAVE_EVERY_MS - took));
  }
  process.send?.({ sent, statuses, slowest_wave_ms: Math.round(slowest) } satisfies UploaderReport);
  process.disconnect?.();
}

export async function benchMediaUnderHostileUploads(address: string, token: string, seconds: number) {
  // One real photo to fetch: the demo member uploads it.
  const jpeg = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#c66' } })
    .jpeg()
    .toBuffer();
  const uploaded = await post(address, token, jpeg, 'image/jpeg');
  if (uploaded.status !== 201) throw new Error(`photo upload answered ${uploaded.status}`);
  const mediaUrl = `${address}${((await uploaded.json()) as { url: string }).url}`;

  // /media alone first: the same run's yardstick for what the uploads cost it.
  await autocannon({ url: mediaUrl, connections: 10, duration: 1 });
  const alone = await autocannon({ url: mediaUrl, connections: 10, duration: seconds });

  const uploader = fork(import.meta.filename, ['uploader', address, token], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => uploader.once('message', resolve));
  const r = await autocannon({ url: mediaUrl, connections: 10, duration: seconds });
  const report = new Promise<UploaderReport>((resolve) => uploader.once('message', resolve));
  uploader.send('stop');
  const waves = await report;
  if (r.non2xx || r.errors) throw new Error(`/media: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return {
    hostile_uploads_at_once: HOSTILE_AT_ONCE,
    wave_every_ms: WAVE_EVERY_MS,
    hostile_uploads_sent: waves.sent,
    hostile_upload_statuses: waves.statuses,
    slowest_wave_ms: waves.slowest_wave_ms,
    media_alone: latency(alone),
    media: latency(r),
    budgets: { media_p99_ms_max: 100 },
    within_budget: r.latency.p99 < 100,
  };
}

if (process.argv[2] === 'uploader') await runUploader(process.argv[3] ?? '', process.argv[4] ?? '');
