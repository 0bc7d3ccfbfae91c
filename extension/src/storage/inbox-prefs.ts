import type { InboxOrder } from '../common/inbox-rows.js';
import type { Platform } from '../platform/platform.js';
import { LOCAL } from './keys.js';

/** At most this many dismissed notes are remembered (a note names a tracker and what it cannot give). */
const MAX_DISMISSED = 200;

/** How the inbox is shown in this browser: its order, and the notes dismissed (storage.local). */
export class InboxPrefs {
  readonly #platform: Platform;

  constructor(platform: Platform) {
    this.#platform = platform;
  }

  async order(): Promise<InboxOrder> {
    const stored = (await this.#platform.storage('local').get([LOCAL.inboxOrder]))[LOCAL.inboxOrder];
    return stored === 'newest' ? 'newest' : 'needs-you';
  }

  async setOrder(order: InboxOrder): Promise<void> {
    await this.#platform.storage('local').set({ [LOCAL.inboxOrder]: order });
  }

  async dismissed(): Promise<string[]> {
    const stored = (await this.#platform.storage('local').get([LOCAL.dismissedNotes]))[LOCAL.dismissedNotes];
    return Array.isArray(stored) ? stored.filter((note): note is string => typeof note === 'string') : [];
  }

  async dismiss(note: string): Promise<void> {
    const kept = (await this.dismissed()).filter((other) => other !== note);
    await this.#platform.storage('local').set({ [LOCAL.dismissedNotes]: [...kept, note].slice(-MAX_DISMISSED) });
  }
}
