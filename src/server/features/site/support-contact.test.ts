import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, sites } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('L-06 the support phone without dashes and spaces (spec §5, issue 10 bug)', () => {
  it('L-06 issue 10: settings and company carry the support phone with dashes and spaces stripped', async () => {
    const [site] = await t.app.db.select().from(sites).where(eq(sites.isDefault, true));
    const [company] = await t.app.db
      .select()
      .from(companies)
      .where(eq(companies.id, site?.companyId ?? 1));
    expect(company?.supportPhone).toMatch(/[\s-]/);
    const settings = (await t.app.inject({ url: '/api/settings' })).json();
    expect(settings.support_phone).toMatch(/^\+?\d+$/);
    expect(settings.support_phone).toBe(site?.supportPhone.replace(/[\s-]/g, ''));
    const answer = (await t.app.inject({ url: '/api/company' })).json();
    expect(answer.support_phone).toBe('+31201234567');
  });
});
