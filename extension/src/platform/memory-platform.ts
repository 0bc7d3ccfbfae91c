import { DEFAULT_SETTINGS, type Settings } from '../common/settings.js';
import type { Badge, Platform } from './platform.js';

/**
 * The Platform in memory, for unit tests: storage in Maps, the badge kept for
 * inspection, permissions as a set the test controls. `fetch` is the real one,
 * so the background talks HTTP to a real server.
 */
export class MemoryPlatform implements Platform {
  settings: Settings;
  readonly local = new Map<string, unknown>();
  badge: Badge = { text: '', color: '', title: '' };
  readonly granted = new Set<string>();
  readonly requested: string[] = [];
  #pageListeners: Array<(url: string) => void> = [];
  #settingsListeners: Array<() => void> = [];
  #messageHandler: ((message: unknown) => Promise<unknown> | undefined) | null = null;

  constructor(settings: Partial<Settings> = {}) {
    this.settings = { ...DEFAULT_SETTINGS, ...settings };
  }

  async readSettings() {
    return { ...this.settings };
  }
  async writeSettings(settings: Settings) {
    this.settings = { ...settings };
    for (const listener of this.#settingsListeners) listener();
  }
  onSettingsChanged(listener: () => void) {
    this.#settingsListeners.push(listener);
  }
  async readLocal<T>(key: string) {
    const value = this.local.get(key);
    return value === undefined ? undefined : (structuredClone(value) as T);
  }
  async writeLocal(key: string, value: unknown) {
    this.local.set(key, structuredClone(value));
  }
  async setBadge(badge: Badge) {
    this.badge = badge;
  }
  async hasHostPermission(originPattern: string) {
    return this.granted.has(originPattern);
  }
  async requestHostPermission(originPattern: string) {
    this.requested.push(originPattern);
    return this.granted.has(originPattern);
  }
  onPageVisited(listener: (url: string) => void) {
    this.#pageListeners.push(listener);
  }
  /** Simulates a page load in a tab. */
  visit(url: string) {
    for (const listener of this.#pageListeners) listener(url);
  }
  scheduleAlarm() {}
  onAlarm() {}
  onStartup() {}
  onMessage(handler: (message: unknown) => Promise<unknown> | undefined) {
    this.#messageHandler = handler;
  }
  async sendMessage<T>(message: unknown) {
    if (!this.#messageHandler) throw new Error('no background is listening');
    return (await this.#messageHandler(message)) as T;
  }
  async openOptionsPage() {}
  fetch: typeof fetch = (input, init) => globalThis.fetch(input, init);
}
