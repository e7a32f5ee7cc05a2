import { useCallback, useEffect, useState } from 'react';
import type { TPushSubscription } from '../../shared/contract/push.ts';
import { call } from './client.ts';

/** Push state of this browser (spec §3: isCapable, isSubscribed; §4 permission states). */
export type PushPermission = 'unsupported' | 'unknown' | 'denied' | 'granted';

export interface PushState {
  permission: PushPermission;
  subscribed: boolean;
}

const capable = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  try {
    return await navigator.serviceWorker.getRegistration();
  } catch {
    return undefined;
  }
}

export async function readPushState(): Promise<PushState> {
  if (!capable()) return { permission: 'unsupported', subscribed: false };
  const p = Notification.permission;
  const permission: PushPermission = p === 'default' ? 'unknown' : p;
  const reg = await registration();
  const sub = await reg?.pushManager.getSubscription().catch(() => null);
  return { permission, subscribed: Boolean(sub) };
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Subscribes this browser (asking permission first when needed) and stores it (N-02, spec §7). */
export async function subscribePush(publicKey: string): Promise<PushState> {
  if (!capable()) return { permission: 'unsupported', subscribed: false };
  if (Notification.permission === 'default') await Notification.requestPermission();
  if (Notification.permission !== 'granted') return readPushState();
  const reg = await navigator.serviceWorker.ready;
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  // A live subscription's JSON has its endpoint and keys, which the DOM's type leaves optional; the
  // server checks them.
  const subscription = sub.toJSON() as TPushSubscription;
  await call('POST /api/user.php', { query: { push: '1' }, body: { subscription } });
  return readPushState();
}

/** The push state, and an action that enables push. */
export function usePush(publicKey: string) {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void readPushState().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);
  const enable = useCallback(async () => {
    setBusy(true);
    try {
      setState(await subscribePush(publicKey));
    } catch {
      setState(await readPushState());
    } finally {
      setBusy(false);
    }
  }, [publicKey]);
  /** Ends this browser's subscription (issue 27: the settings' switch); the server drops it at its next push. */
  const disable = useCallback(async () => {
    setBusy(true);
    try {
      const sub = await (await registration())?.pushManager.getSubscription();
      await sub?.unsubscribe();
    } catch {
      // The state below says how it ended.
    } finally {
      setState(await readPushState());
      setBusy(false);
    }
  }, []);
  return { state, enable, disable, busy };
}
