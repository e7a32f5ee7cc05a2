import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENDERS, SEXUALITIES } from '../../../shared/contract/accounts.ts';
import { likes, profiles } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember } from '../../test/members.ts';
import { drawnTo, fitsSeeker } from './fit.ts';
import { autoLike } from './service.ts';
import { findMatches, getSwipeStack } from './swipe-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Whom each looks for: one gender or a set of several ("Ik zoek", decision 0015); null: anyone. */
type Who = { gender: string; lookingFor: string[] | null; sexuality: string | null };

/** The reference: each one looks for the other's gender (or anyone) and is drawn to it by sexuality. */
function fitsBothWays(a: Who, b: Who): boolean {
  const oneWay = (x: Who, y: Who) => {
    if (x.lookingFor !== null && !x.lookingFor.includes(y.gender)) return false;
    const drawn = drawnTo(x.gender, x.sexuality);
    return drawn === null || (drawn as readonly string[]).includes(y.gender);
  };
  return oneWay(a, b) && oneWay(b, a);
}

/** A member; whom they look for may be written as one gender. */
const member = (
  country: string,
  who: Omit<Who, 'lookingFor'> & { lookingFor: string | string[] | null },
  fictional = true,
) =>
  buildMember(t.app.db, {
    profile: { country, ...who, fictional, dateOfBirth: '1990-05-05' },
    photo: true,
  });

describe('D-06 auto-like fits gender, whom each looks for and sexuality, both ways', () => {
  it('D-06 drawnTo: hetero to the other sex and couples, gay to men, lesbian to women, bi anyone', () => {
    expect(drawnTo('male', 'hetero')).toEqual(['female', 'couple']);
    expect(drawnTo('female', 'hetero')).toEqual(['male', 'couple']);
    expect(drawnTo('male', 'gay')).toEqual(['male']);
    expect(drawnTo('female', 'lesbian')).toEqual(['female']);
    expect(drawnTo('female', 'bi')).toBeNull();
    expect(drawnTo('male', null)).toBeNull();
  });

  it('D-06 the SQL condition keeps exactly the profiles that fit both ways, for every kind of seeker', async () => {
    // One fictional profile of every gender, sexuality and whom they look for (one gender, or a set of
    // two), in a country of its own.
    const looks = [null, ...GENDERS.map((g) => [g]), ['male', 'female'], ['female', 'couple']];
    const sexes = [null, ...SEXUALITIES];
    const all: (Who & { id: number })[] = [];
    for (const gender of GENDERS)
      for (const sexuality of sexes)
        for (const lookingFor of looks) {
          const m = await member('LU', { gender, sexuality, lookingFor });
          all.push({ id: m.id, gender, sexuality, lookingFor });
        }
    const ids = all.map((p) => p.id);
    for (const seeker of [
      { gender: 'male', lookingFor: ['female'], sexuality: 'hetero' },
      { gender: 'female', lookingFor: null, sexuality: 'lesbian' },
      { gender: 'male', lookingFor: ['male'], sexuality: 'gay' },
      { gender: 'female', lookingFor: ['male'], sexuality: 'bi' },
      { gender: 'couple', lookingFor: null, sexuality: 'hetero' },
      { gender: 'nonbinary', lookingFor: null, sexuality: null },
      // Several genders sought: the set limits, and sexuality still narrows it.
      { gender: 'male', lookingFor: ['male', 'female'], sexuality: 'bi' },
      { gender: 'female', lookingFor: ['male', 'female'], sexuality: 'hetero' },
      { gender: 'couple', lookingFor: ['female', 'couple'], sexuality: null },
      {
        gender: 'trans',
        lookingFor: ['male', 'female', 'couple', 'trans', 'nonbinary'],
        sexuality: 'curious',
      },
    ] satisfies Who[]) {
      const rows = await t.app.db
        .select({ id: profiles.userId })
        .from(profiles)
        .where(and(inArray(profiles.userId, ids), fitsSeeker(seeker)));
      const expected = all.filter((p) => fitsBothWays(seeker, p)).map((p) => p.id);
      expect(
        rows.map((r) => r.id).sort((x, y) => x - y),
        JSON.stringify(seeker),
      ).toEqual(expected.sort((x, y) => x - y));
    }
  });

  it('D-06 a profile that does not fit is never picked, whatever the dice say; one that fits is', async () => {
    const me = await buildMember(t.app.db, {
      profile: { country: 'MT', gender: 'male', lookingFor: 'female', sexuality: 'hetero' },
    });
    // Each misfit fails on one point: her sexuality, whom she looks for, his own sexuality's gender.
    await member('MT', { gender: 'female', lookingFor: 'male', sexuality: 'lesbian' });
    await member('MT', { gender: 'female', lookingFor: 'female', sexuality: 'bi' });
    await member('MT', { gender: 'male', lookingFor: 'male', sexuality: 'gay' });
    await member('MT', { gender: 'couple', lookingFor: 'male', sexuality: 'bi' });
    const ctx = { cdnPrefix: '', now: new Date() };
    for (const r of [0, 0.2, 0.4, 0.6, 0.8, 0.99])
      expect(await autoLike(t.app.db, me.id, { ...ctx, random: () => r })).toEqual({ profile: null });
    expect(await t.app.db.select().from(likes).where(eq(likes.likedId, me.id))).toEqual([]);

    const fits = await member('MT', { gender: 'female', lookingFor: 'male', sexuality: 'hetero' });
    const res = await autoLike(t.app.db, me.id, { ...ctx, random: () => 0.99 });
    expect(res.profile?.id).toBe(fits.id);

    // The other direction: a lesbian member who looks for anyone gets women who are drawn to women.
    const her = await buildMember(t.app.db, {
      profile: { country: 'CY', gender: 'female', lookingFor: null, sexuality: 'lesbian' },
    });
    await member('CY', { gender: 'male', lookingFor: 'female', sexuality: 'hetero' });
    await member('CY', { gender: 'female', lookingFor: null, sexuality: 'hetero' });
    expect(await autoLike(t.app.db, her.id, { ...ctx, random: () => 0 })).toEqual({ profile: null });
    const match = await member('CY', { gender: 'female', lookingFor: 'female', sexuality: 'lesbian' });
    expect((await autoLike(t.app.db, her.id, ctx)).profile?.id).toBe(match.id);
  });

  it('D-07 D-08 the swipe stack and the matchfinder show only members who fit both ways', async () => {
    const me = await buildMember(t.app.db, {
      profile: { country: 'GR', gender: 'male', lookingFor: 'female', sexuality: 'hetero' },
    });
    const fits = await member('GR', { gender: 'female', lookingFor: 'male', sexuality: 'bi' }, false);
    await member('GR', { gender: 'female', lookingFor: 'female', sexuality: 'bi' }, false);
    await member('GR', { gender: 'female', lookingFor: 'male', sexuality: 'lesbian' }, false);
    await member('GR', { gender: 'male', lookingFor: 'female', sexuality: 'hetero' }, false);
    const ctx = { cdnPrefix: '', now: new Date() };
    const stack = await getSwipeStack(t.app.db, me.id, ctx);
    expect(stack.cards.map((c) => c.id)).toEqual([fits.id]);
    const found = await findMatches(t.app.db, me.id, {}, ctx);
    expect(found.suggestions.map((s) => s.card.id)).toEqual([fits.id]);
  });

  it('D-07 D-08 a member who looks for men and women gets both in the swipe stack, and no one outside the set', async () => {
    const me = await buildMember(t.app.db, {
      profile: { country: 'EE', gender: 'female', lookingFor: ['male', 'female'], sexuality: 'bi' },
    });
    const him = await member('EE', { gender: 'male', lookingFor: 'female', sexuality: 'hetero' }, false);
    const her = await member('EE', { gender: 'female', lookingFor: null, sexuality: 'bi' }, false);
    await member('EE', { gender: 'couple', lookingFor: 'female', sexuality: 'bi' }, false);
    await member('EE', { gender: 'male', lookingFor: 'male', sexuality: 'gay' }, false);
    const ctx = { cdnPrefix: '', now: new Date() };
    const stack = await getSwipeStack(t.app.db, me.id, ctx);
    expect(stack.cards.map((c) => c.id).sort((x, y) => x - y)).toEqual(
      [him.id, her.id].sort((x, y) => x - y),
    );
  });
});
