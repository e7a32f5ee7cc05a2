import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../shared/i18n/locales.ts';
import type { PublishToMember } from '../../platform/bus.ts';
import type { SessionUser } from '../../platform/session.ts';
import { getMediaSigningSecret } from '../../platform/signed-urls.ts';
import type { SiteRow } from '../../platform/site.ts';
import type { ChatDeps, ChatViewer } from './present.ts';

/** Makes the deps of one chat call, the same for HTTP requests and socket frames. */
export type ChatDepsOf = (site: SiteRow, locale: Locale, publish?: PublishToMember) => ChatDeps;

/** The chat deps factory of an app: the media signing secret is read once. */
export async function chatDepsOf(app: FastifyInstance): Promise<ChatDepsOf> {
  const secret = await getMediaSigningSecret(app.db);
  return (site, locale, publish = app.bus.publishToMember) => ({
    db: app.db,
    publish,
    site,
    mediaSecret: secret,
    locale,
    now: new Date(),
  });
}

/** The sender as the session knows them. */
export const viewerOf = (user: SessionUser): ChatViewer => ({
  id: user.id,
  paidUser: user.paidUser,
  confirmed: user.status === 'confirmed',
});
