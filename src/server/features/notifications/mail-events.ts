import { sql } from 'drizzle-orm';
import type { TMailEvent } from '../../../shared/contract/mail-events.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * Records bounces and complaints (N-04): the member's e-mail stops, with the reason shown in settings.
 * A soft bounce (`permanent: false`) changes nothing; unknown addresses are ignored. Answers how many
 * accounts changed.
 */
export async function recordMailEvents(db: Db, events: TMailEvent[]): Promise<number> {
  let updated = 0;
  for (const e of events) {
    if (e.type === 'bounce' && e.permanent === false) continue;
    const reason = e.type === 'complaint' ? 'fbl' : 'bounce';
    const rows = await db
      .update(users)
      .set({
        notificationsDisabled: sql`${users.notificationsDisabled} || ${JSON.stringify([reason])}::jsonb`,
      })
      .where(
        sql`lower(${users.email}) = lower(${e.email}) and not (${users.notificationsDisabled} ? ${reason})`,
      )
      .returning({ id: users.id });
    updated += rows.length;
  }
  return updated;
}
