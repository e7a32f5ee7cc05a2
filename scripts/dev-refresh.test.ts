import { resolve } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 24: `npm run dev` serves React itself with Fast Refresh: a changed component is swapped in place,
// keeping its state, instead of reloading the page (as it did under Preact's aliases).
describe('issue 24 the dev server runs React with Fast Refresh', () => {
  let server: ViteDevServer;
  beforeAll(async () => {
    server = await createServer({
      configFile: resolve(import.meta.dirname, '../vite.config.ts'),
      server: { middlewareMode: true, ws: false },
      logLevel: 'silent',
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('a component module registers itself for hot swapping', async () => {
    const out = await server.transformRequest('/components/logo.tsx');
    expect(out?.code).toContain('$RefreshReg$');
    expect(out?.code).toMatch(/import\.meta\.hot\.accept/);
  });

  it('react and react-dom resolve to React itself, not an alias', async () => {
    const out = await server.transformRequest('/main.tsx');
    expect(out?.code).toMatch(/react-dom[_/.]client/);
    expect(out?.code).not.toMatch(/preact/);
  });
});
