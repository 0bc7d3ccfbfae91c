import type { Platform } from '../platform/platform.js';
import { LOCAL } from '../storage/keys.js';

/** A short digest (FNV-1a, 32 bits): says which key a kept login was asked with, without a second copy of the key. */
export function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/**
 * Whose key it is, kept in storage.local for the tracker's URL, key and way
 * of sending it (`fingerprint`): a service worker woken by the alarm (it
 * sleeps after 30 s idle) does not ask the tracker again on every refresh.
 * Only a login is kept; where `ask` gets none (a tracker without whoami, or
 * one that could not be reached) it is asked again next time.
 */
export async function keptWhoami(
  platform: Platform,
  trackerId: string,
  fingerprint: string,
  ask: () => Promise<string | null>,
): Promise<string | null> {
  const key = LOCAL.whoami(trackerId);
  const kept = (await platform.storage('local').get([key]))[key] as { for?: unknown; me?: unknown } | undefined;
  if (kept?.for === fingerprint && typeof kept.me === 'string') return kept.me;
  const me = await ask();
  if (me !== null) await platform.storage('local').set({ [key]: { for: fingerprint, me } });
  return me;
}
