import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, loginDevices, sessions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember } from '../../test/members.ts';
import { purgeExpiredTokens } from './token-purge.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('N-05 expiry of old tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('N-05 the token job deletes ended sessions, old used or expired mailed tokens and expired device counts, and keeps live ones and the last day', async () => {
    const now = new Date();
    const member = await buildMember(t.app.db);
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const later = (ms: number) => new Date(now.getTime() + ms);
    await t.app.db.insert(sessions).values([
      { tokenHash: `ended-${member.id}`, userId: member.id, expiresAt: ago(HOUR), createdAt: ago(30 * DAY) },
      { tokenHash: `live-${member.id}`, userId: member.id, expiresAt: later(DAY), createdAt: ago(29 * DAY) },
    ]);
    const token = (
      name: string,
      kind: 'activation' | 'reset' | 'mail_change',
      created: Date,
      expires: Date,
      used?: Date,
    ) => ({
      userId: member.id,
      kind,
      tokenHash: `${name}-${member.id}`,
      createdAt: created,
      expiresAt: expires,
      usedAt: used ?? null,
    });
    await t.app.db.insert(emailTokens).values([
      token('expired-reset', 'reset', ago(2 * DAY), ago(2 * DAY - HOUR)),
      token('used-change', 'mail_change', ago(3 * DAY), later(DAY), ago(3 * DAY)),
      // Expired, but sent within the day: the daily limit on reset mails still counts it.
      token('recent-reset', 'reset', ago(2 * HOUR), ago(HOUR)),
      token('live-activation', 'activation', ago(2 * DAY), later(5 * DAY)),
    ]);

    // Failure counts of device cookies: one whose cookie has expired since (180 days), one still counting.
    await t.app.db.insert(loginDevices).values([
      { nonce: `old-${member.id}`, userId: member.id, failedLogins: 2, updatedAt: ago(181 * DAY) },
      { nonce: `new-${member.id}`, userId: member.id, failedLogins: 2, updatedAt: ago(179 * DAY) },
    ]);

    expect(await purgeExpiredTokens(t.app.db, now)).toEqual({ sessions: 1, tokens: 2, devices: 1 });
    const devices = await t.app.db.select().from(loginDevices).where(eq(loginDevices.userId, member.id));
    expect(devices.map((d) => d.nonce)).toEqual([`new-${member.id}`]);
    const left = await t.app.db.select().from(emailTokens).where(eq(emailTokens.userId, member.id));
    expect(left.map((r) => r.tokenHash.split('-').slice(0, 2).join('-')).sort()).toEqual([
      'live-activation',
      'recent-reset',
    ]);
    const live = await t.app.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(live.map((s) => s.tokenHash)).toContain(`live-${member.id}`);
    expect(live.map((s) => s.tokenHash)).not.toContain(`ended-${member.id}`);
    // Nothing left to do the second time: safe on several instances and after a retry.
    expect(await purgeExpiredTokens(t.app.db, now)).toEqual({ sessions: 0, tokens: 0, devices: 0 });
  });
});
