import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The server boots exactly as `npm start` does, on a free port with a fresh DATA_DIR.
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const port = Number(process.env.E2E_PORT) || (await freePort());
process.env.E2E_PORT = String(port);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'vonk-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Two workers beat one on this 2-core machine (issue 20: site, mobile-details and likes-loop, 33 tests:
  // 136 s with two, 163 s with one, at a load average of about 5 from other work).
  workers: process.env.CI ? 2 : undefined,
  // One retry on CI: a flaky journey is still reported (as flaky) and gets fixed, but it does not sink
  // the whole submission. Locally there is none, so flakes show up while working.
  retries: process.env.CI ? 1 : 0,
  // A JSON report too, for `npm run test:slowest` (test-reports/ is ignored by git).
  reporter: [[process.env.CI ? 'line' : 'list'], ['json', { outputFile: 'test-reports/playwright.json' }]],
  // CI runs two workers on two cores next to the server: give each test more room there.
  timeout: process.env.CI ? 60_000 : 30_000,
  // And each expectation: on a slow or shared machine a page can take more than the default 5 s to answer.
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    locale: 'nl-NL',
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/start.ts',
    url: `http://localhost:${port}/readyz`,
    // Seeding 1,500 demo members on a shared, loaded machine can take more than a minute and a half.
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      TRUST_PROXY: 'loopback',
      // The bounce endpoint's shared secret (e2e/notify.spec.ts reports a bounce with it).
      MAIL_EVENTS_SECRET: 'e2e-mail-events-secret-0123456789',
      // Fewer than the usual 2,000 demo members, still enough for D-01's similar members: more than 48
      // women in the Netherlands aged 25-35 outside Zeeland (about 58 of 1,500; 500 gave 23).
      SEED_DEMO_MEMBERS: '1500',
    },
    stdout: 'pipe',
  },
});
