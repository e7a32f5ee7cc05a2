import { z } from 'zod';
import { zLine, zSecret } from './text.ts';

// Zod messages are catalog ids: the server answers them localised, the client shows them with react-intl.

export const PUSH = {
  /** Devices a member may have subscribed at once; a new one beyond this replaces the oldest. */
  maxDevices: 20,
  endpointMax: 2048,
} as const;

/** Bytes of a base64url text (padding allowed), or -1 when it is not base64url. */
export function base64urlBytes(value: string): number {
  const m = /^([A-Za-z0-9_-]*)(={0,2})$/.exec(value);
  if (!m?.[1] || m[1].length % 4 === 1) return -1;
  return Math.floor((m[1].length * 3) / 4);
}

const isHttpsUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
};

const KEY_INVALID = { message: 'push.keys_invalid' };
const KEY_MESSAGES = {
  charactersMessage: 'push.keys_invalid',
  maxMessage: 'push.keys_invalid',
  typeMessage: 'push.keys_invalid',
};

/**
 * A browser's PushSubscription as `subscription.toJSON()` gives it (N-02). The keys are those of the
 * Web Push encryption (RFC 8291): p256dh an uncompressed P-256 point of 65 bytes, auth a 16-byte secret.
 */
export const ZPushSubscription = z.object({
  endpoint: zLine(PUSH.endpointMax, { form: 'none', maxMessage: 'push.endpoint_invalid' }).refine(
    isHttpsUrl,
    {
      message: 'push.endpoint_invalid',
    },
  ),
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  keys: z.object(
    {
      p256dh: zSecret(100, KEY_MESSAGES).refine((v) => base64urlBytes(v) === 65, KEY_INVALID),
      auth: zSecret(100, KEY_MESSAGES).refine((v) => base64urlBytes(v) === 16, KEY_INVALID),
    },
    KEY_INVALID,
  ),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

/** The body of `POST /api/user.php?push=1` (spec §7). */
export const ZPushSubscribeRequest = z.object({ subscription: ZPushSubscription });
export type TPushSubscribeRequest = z.infer<typeof ZPushSubscribeRequest>;
