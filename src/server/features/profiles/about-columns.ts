import type { TAboutMe } from '../../../shared/contract/accounts.ts';
import type { profiles } from '../../db/schema.ts';

type AttributeKey = Exclude<keyof TAboutMe, 'interests' | 'about'>;
/** About-me answers to store. An attribute may be null to clear it: the profile update allows that (M-01). */
type AboutColumnsInput = Pick<TAboutMe, 'interests' | 'about'> & {
  [K in AttributeKey]?: TAboutMe[K] | null;
};

export function aboutToColumns(about: AboutColumnsInput): Partial<typeof profiles.$inferInsert> {
  const columns: Partial<typeof profiles.$inferInsert> = {};
  if (about.sexuality !== undefined) columns.sexuality = about.sexuality;
  if (about.hair_colour !== undefined) columns.hairColour = about.hair_colour;
  if (about.eye_colour !== undefined) columns.eyeColour = about.eye_colour;
  if (about.body_type !== undefined) columns.bodyType = about.body_type;
  if (about.relationship_status !== undefined) columns.relationshipStatus = about.relationship_status;
  if (about.tattoos !== undefined) columns.tattoos = about.tattoos;
  if (about.signup_reason !== undefined) columns.signupReason = about.signup_reason;
  if (about.interests !== undefined) columns.interests = [...new Set(about.interests)];
  if (about.about !== undefined) columns.about = about.about;
  return columns;
}
