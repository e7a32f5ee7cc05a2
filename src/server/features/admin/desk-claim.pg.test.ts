import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deskQueue } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { openChat, sendText } from '../../test/chat.ts';
import { buildMember } from '../../test/members.ts';
import { buildStaff } from '../../test/staff.ts';

// The claim race on a real PostgreSQL server (issue 23, "the race on PostgreSQL"): concurrent requests
// arrive on different connections, so only the database's row lock decides who wins.
const pgUrl = process.env.TEST_DATABASE_URL;

describe.runIf(pgUrl)('O-05 claims race on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('O-05 20 operators claim the same conversation at once: exactly one wins, 19 get 409 with a localised text', async () => {
    for (let round = 0; round < 3; round++) {
      const m = await buildMember(t.app.db, { paidUser: true, credits: 10 });
      const f = await buildMember(t.app.db, { profile: { fictional: true } });
      const id = await openChat(t.app, m, f);
      expect((await sendText(t.app, m, id, 'Hallo?')).statusCode).toBe(201);
      const operators = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          buildStaff(t.app.db, { roles: ['operator'], name: `Racer ${round}-${i}`, language: 'en' }),
        ),
      );
      const answers = await Promise.all(
        operators.map((op) =>
          t.app.inject({
            method: 'POST',
            url: `/api/admin/desk/${id}/claim`,
            cookies: op.cookies,
            headers: { 'accept-language': 'en' },
          }),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      const winner = operators[codes.indexOf(200)];
      const [row] = await t.app.db.select().from(deskQueue).where(eq(deskQueue.conversationId, id));
      expect(row?.claimedBy).toBe(winner?.id);
      for (const lost of answers.filter((a) => a.statusCode === 409)) {
        expect(lost.json().error.code).toBe('desk_claimed');
        expect(lost.json().error.message).toMatch(/is already answering this conversation/);
      }
      const claims = await t.app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.objectId, String(id)));
      expect(claims.map((c) => [c.action, c.staffId])).toEqual([['desk.claim', winner?.id]]);
    }
  }, 120_000);
});
