import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, env: 'development', seedDemo: true, databaseUrl: undefined });
  });

  it('does not seed demo data in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('seeds 2,000 demo members unless SEED_DEMO_MEMBERS says how many (e2e uses fewer)', () => {
    expect(loadConfig({}).seedDemoMembers).toBe(2000);
    expect(loadConfig({ SEED_DEMO_MEMBERS: '200' }).seedDemoMembers).toBe(200);
    expect(loadConfig({ SEED_DEMO_MEMBERS: '0' }).seedDemoMembers).toBe(0);
    expect(() => loadConfig({ SEED_DEMO_MEMBERS: 'veel' })).toThrow(/SEED_DEMO_MEMBERS/);
    expect(() => loadConfig({ SEED_DEMO_MEMBERS: '-1' })).toThrow(/SEED_DEMO_MEMBERS/);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (e) {
      expect((e as Error).message).toMatch(/PORT/);
      expect((e as Error).message).toMatch(/DATABASE_URL/);
    }
  });

  it('the server exits at once with the variable named on a bad environment', () => {
    const main = resolve(import.meta.dirname, 'main.ts');
    let out = '';
    let code = 0;
    try {
      execFileSync(process.execPath, [main], {
        env: { ...process.env, PORT: 'not-a-port' },
        stdio: 'pipe',
        timeout: 20_000,
      });
    } catch (e) {
      const err = e as { status: number; stderr: Buffer };
      code = err.status;
      out = err.stderr.toString();
    }
    expect(code).toBe(1);
    expect(out).toMatch(/PORT/);
  });
});
