import { eq } from 'drizzle-orm';
import { SEARCH_FIELDS as ALL_SEARCH_FIELDS, ATTRIBUTE_FIELDS } from '../../shared/contract/constants.ts';
import type { Db } from '../db/client.ts';
import { companies, profiles, sites, users } from '../db/schema.ts';
import { bookCredits, findUserByEmail, hashPassword, SIGNUP_DONE } from '../features/accounts/index.ts';
import { seedCredits } from '../features/credits/index.ts';
import { seedDemoChats } from './chats.ts';
import { seedDemoOpeners } from './openers.ts';
import { seedDemoMembers } from './seed-members.ts';

// Every search field and every profile attribute, with gender and interests, on the demo sites.
const SEARCH_FIELDS = [...ALL_SEARCH_FIELDS];
const PROFILE_FIELDS = ['gender', ...ATTRIBUTE_FIELDS, 'interests'];
const EUR = (costs: number) => ({ costs, currency: 'EUR' });

/**
 * Demo data for a fresh database: two branded sites on one machine (localhost and 127.0.0.1), so
 * multi-site is visible without DNS. Safe to run at every start: it only adds what is missing.
 */
export async function seedDemo(
  db: Db,
  opts: { withDemoMember?: boolean; members?: number } = {},
): Promise<{ notes: string[] }> {
  const [company] = await db
    .insert(companies)
    .values({
      id: 1,
      name: 'Vonk Media B.V.',
      address: 'Keizersgracht 123, 1015 CJ Amsterdam',
      kvk: '87654321',
      city: 'Amsterdam',
      country: 'NL',
      tradenames: ['Vonk', 'Vonk Goud'],
      vatNumbers: ['NL864512397B01'],
      supportPhone: '+31 20-123 45 67',
      deleteDiscount: 50,
      added: '2024-03-01',
    })
    .onConflictDoNothing()
    .returning();
  if (company) await db.execute(`select setval('companies_id_seq', (select max(id) from companies))`);

  const common = {
    companyId: 1,
    countries: [
      'NL',
      'BE',
      'DE',
      'AT',
      'CH',
      'DK',
      'NO',
      'SE',
      'FI',
      'FR',
      'IT',
      'ES',
      'PL',
      'GB',
      'IE',
      'US',
    ],
    minimumMessageCosts: {
      NL: EUR(29),
      BE: EUR(29),
      DE: EUR(35),
      AT: EUR(35),
      CH: { costs: 39, currency: 'CHF' },
    },
    supportPhone: '+31 20-123 45 67',
    visibleProfileFields: PROFILE_FIELDS,
    visibleProfileNotes: ['about_me'],
    searchFields: SEARCH_FIELDS,
  };
  await db
    .insert(sites)
    .values([
      {
        ...common,
        domain: 'localhost',
        isDefault: true,
        name: 'Vonk',
        indexTitle: 'Vonk: daten en chatten met singles bij jou in de buurt',
        description: 'Maak kennis met singles bij jou in de buurt. Gratis aanmelden, direct chatten.',
        niche: 1,
        domainLanguage: 'nl',
        supportEmail: 'support@vonk.test',
        mailName: 'Vonk',
        signupCredits: 10,
        companyAddressVariant: 1,
        themePrimary: '#0f766e',
        themeSecondary: '#c8960c',
      },
      {
        ...common,
        domain: '127.0.0.1',
        name: 'Vonk Goud',
        indexTitle: 'Vonk Goud: daten met ervaren vrouwen',
        description: 'Ervaren vrouwen zoeken contact. Discreet en veilig daten.',
        niche: 6,
        domainLanguage: 'nl',
        supportEmail: 'support@vonkgoud.test',
        mailName: 'Vonk Goud',
        signupCredits: 5,
        messageCredits: 2,
        refundDays: 30,
        loggedOutSearch: false,
        companyAddressVariant: 2,
        themePrimary: '#7c2d6b',
        themeSecondary: '#b7791f',
      },
    ])
    .onConflictDoNothing();
  await seedCredits(db);

  const notes: string[] = [];
  // Fictional members to browse (issue "Profiles" 7); tests that do not need them leave `members` at 0.
  const { added } = await seedDemoMembers(db, { count: opts.members ?? 0 });
  if (added) notes.push(`Added ${added} fictional demo members (portraits are drawn on first view)`);
  // A member with a known password never exists in production.
  if (!(opts.withDemoMember ?? true)) return { notes };
  if (await seedDemoOpeners(db)) notes.push('The chat desk has a few canned openers per language');
  if (!(await findUserByEmail(db, DEMO_MEMBER.email))) {
    const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.domain, 'localhost'));
    const [user] = await db
      .insert(users)
      .values({
        siteId: site?.id ?? 1,
        email: DEMO_MEMBER.email,
        passwordHash: await hashPassword(DEMO_MEMBER.password),
        status: 'confirmed',
        signupStep: SIGNUP_DONE,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (user) {
      await db.insert(profiles).values({
        userId: user.id,
        name: 'Demo',
        dateOfBirth: '1992-04-12',
        gender: 'male',
        lookingFor: ['female'],
        country: 'NL',
        status: 'active',
      });
      await bookCredits(db, user.id, 20, { reason: 'signup', reference: 'signup' });
    }
  }
  const demo = await findUserByEmail(db, DEMO_MEMBER.email);
  if (demo && (await seedDemoChats(db, demo.id)))
    notes.push('The demo member has a few chats with demo members');
  notes.push(`Demo login: ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password}`);
  return { notes };
}

export const DEMO_MEMBER = { email: 'demo@vonk.test', password: 'vonk-demo' } as const;
