import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { conversationMembers, profiles, sites } from '../db/schema.ts';
import {
  type ChatDeps,
  findConversationBetween,
  insertConversation,
  sendAsOperator,
  sendMessage,
} from '../features/chat/index.ts';

/** Conversations fictional members start with the demo member: what they write, in Dutch (the demo language). */
const SCRIPTS: { from: string[]; reply?: string }[] = [
  {
    from: ['Hoi! Ik zag je profiel en moest meteen glimlachen 😊', 'Wat doe je graag in het weekend?'],
    reply: 'Hoi! Meestal fietsen en koken. Jij?',
  },
  { from: ['Hey, leuk dat je er bent! Ben je ook zo gek op de zomer?'] },
  {
    from: [
      'Goedemorgen! Koffie of thee?',
      'Ik ben trouwens net terug van een weekje Texel, echt een aanrader.',
      'Heb jij nog vakantieplannen?',
    ],
  },
  {
    from: ['Mooie foto’s! Waar is die bij het water gemaakt?'],
    reply: 'Dank je! Bij de Amstel, vlak bij huis.',
  },
];

/**
 * Gives the demo member a few conversations with fictional members, some unread, so a newcomer sees a
 * living chat (issue 8). Runs once: nothing happens when the demo member has conversations already.
 */
export async function seedDemoChats(db: Db, demoId: number): Promise<number> {
  const [existing] = await db
    .select({ id: conversationMembers.conversationId })
    .from(conversationMembers)
    .where(eq(conversationMembers.memberId, demoId))
    .limit(1);
  if (existing) return 0;
  const partners = await db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.fictional, true), eq(profiles.listed, true), eq(profiles.gender, 'female')))
    .orderBy(asc(profiles.userId))
    .limit(SCRIPTS.length);
  const [site] = await db.select().from(sites).where(eq(sites.domain, 'localhost'));
  if (!site || partners.length === 0) return 0;
  const start = Date.now() - 3 * 3_600_000;
  let minute = 0;
  const deps = (): ChatDeps => ({
    db,
    publish: () => {},
    site,
    mediaSecret: '',
    locale: 'nl',
    now: new Date(start + ++minute * 60_000 * 7),
  });
  for (const [i, partner] of partners.entries()) {
    const script = SCRIPTS[i];
    if (!script) break;
    const id =
      (await db.transaction((tx) => insertConversation(tx, partner.id, demoId, new Date(start)))) ??
      (await findConversationBetween(db, partner.id, demoId));
    if (!id) continue;
    for (const [n, body] of script.from.entries())
      await sendAsOperator(deps(), partner.id, id, { clientId: `demo-${partner.id}-${n}`, body });
    // The demo member answered some: those conversations are read up to the answer.
    if (script.reply)
      await sendMessage(deps(), { id: demoId, paidUser: false }, id, {
        kind: 'text',
        clientId: `demo-reply-${partner.id}`,
        body: script.reply,
      });
  }
  return partners.length;
}
