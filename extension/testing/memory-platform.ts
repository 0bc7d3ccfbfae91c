import { itemBytes, SYNC_MAX_ITEMS, SYNC_QUOTA_BYTES, SYNC_QUOTA_BYTES_PER_ITEM } from '../src/common/sync-quota.js';
import type { AreaName, Badge, Platform, StorageArea } from '../src/platform/platform.js';

/** The quotas storage.sync enforces; a write past one is refused whole, with the browser's message. */
function checkSyncQuota(after: Map<string, unknown>): void {
  let total = 0;
  for (const [key, value] of after) {
    const bytes = itemBytes(key, value);
    if (bytes > SYNC_QUOTA_BYTES_PER_ITEM) throw new Error('QUOTA_BYTES_PER_ITEM quota exceeded');
    total += bytes;
  }
  if (total > SYNC_QUOTA_BYTES) throw new Error('QUOTA_BYTES quota exceeded');
  if (after.size > SYNC_MAX_ITEMS) throw new Error('MAX_ITEMS quota exceeded');
}

/** A storage area in a Map, cloning values as the browser does; the sync area keeps to the browser's quotas. */
class MemoryArea implements StorageArea {
  readonly data = new Map<string, unknown>();
  constructor(
    private readonly changed: (keys: string[]) => void,
    private readonly quota: ((after: Map<string, unknown>) => void) | null = null,
  ) {}
  async get(keys: string[] | null) {
    const wanted = keys ?? [...this.data.keys()];
    return Object.fromEntries(
      wanted.filter((k) => this.data.has(k)).map((k) => [k, structuredClone(this.data.get(k))]),
    );
  }
  async set(items: Record<string, unknown>) {
    if (this.quota) this.quota(new Map([...this.data, ...Object.entries(items)]));
    for (const [key, value] of Object.entries(items)) this.data.set(key, structuredClone(value));
    this.changed(Object.keys(items));
  }
  async remove(keys: string[]) {
    for (const key of keys) this.data.delete(key);
    this.changed(keys);
  }
}

/**
 * The Platform in memory, for unit tests: storage in Maps, the badge kept for
 * inspection, permissions as a set the test controls. `fetch` is the real one
 * unless a test replaces it, so the background talks HTTP to a real server.
 */
export class MemoryPlatform implements Platform {
  readonly sync: MemoryArea;
  readonly local: MemoryArea;
  badge: Badge = { text: '', color: '', title: '' };
  readonly granted = new Set<string>();
  readonly requested: string[] = [];
  activeTab: string | null = null;
  #pageListeners: Array<(url: string) => void> = [];
  #startListeners: Array<(url: string) => void> = [];
  /** The origins the banner's content script is registered for. */
  bannerOrigins: string[] = [];
  #storageListeners: Array<(area: AreaName, keys: string[]) => void> = [];
  #messageHandler: ((message: unknown) => Promise<unknown> | undefined) | null = null;

  constructor() {
    this.sync = new MemoryArea((keys) => this.#changed('sync', keys), checkSyncQuota);
    this.local = new MemoryArea((keys) => this.#changed('local', keys));
  }

  #changed(area: AreaName, keys: string[]) {
    for (const listener of this.#storageListeners) listener(area, keys);
  }
  storage(area: AreaName) {
    return area === 'sync' ? this.sync : this.local;
  }
  onStorageChanged(listener: (area: AreaName, keys: string[]) => void) {
    this.#storageListeners.push(listener);
  }
  async setBadge(badge: Badge) {
    this.badge = badge;
  }
  async hasHostPermission(originPattern: string) {
    return this.granted.has(originPattern);
  }
  /** Records the request synchronously, as the browser must see it inside the click. */
  requestHostPermission(originPattern: string) {
    this.requested.push(originPattern);
    return Promise.resolve(this.granted.has(originPattern));
  }
  async removeHostPermission(originPattern: string) {
    return this.granted.delete(originPattern);
  }
  async activeTabUrl() {
    return this.activeTab;
  }
  onPageVisited(listener: (url: string) => void) {
    this.#pageListeners.push(listener);
  }
  /** Simulates a page load in a tab. */
  visit(url: string) {
    for (const listener of this.#pageListeners) listener(url);
  }
  onPageStarted(listener: (url: string) => void) {
    this.#startListeners.push(listener);
  }
  /** Simulates a page starting to load in a tab (before `visit`). */
  startLoading(url: string) {
    for (const listener of this.#startListeners) listener(url);
  }
  async setBannerOrigins(originPatterns: readonly string[]) {
    this.bannerOrigins = [...originPatterns];
  }
  scheduleAlarm() {}
  onAlarm() {}
  onStartup() {}
  onFirstInstall() {}
  onMessage(handler: (message: unknown) => Promise<unknown> | undefined) {
    this.#messageHandler = handler;
  }
  async sendMessage<T>(message: unknown) {
    if (!this.#messageHandler) throw new Error('no background is listening');
    return (await this.#messageHandler(message)) as T;
  }
  async openOptionsPage() {}
  async openOptionsToAdd(trackerUrl: string) {
    this.openedTabs.push(`options?add=${trackerUrl}`);
  }
  /** The notifications shown and not cleared, by id. */
  readonly notifications = new Map<string, { title: string; message: string }>();
  readonly openedTabs: string[] = [];
  #notificationClicks: Array<(id: string) => void> = [];
  async showNotification({ id, title, message }: { id: string; title: string; message: string }) {
    this.notifications.set(id, { title, message });
  }
  onNotificationClicked(listener: (id: string) => void) {
    this.#notificationClicks.push(listener);
  }
  /** Simulates the user clicking a notification. */
  clickNotification(id: string) {
    for (const listener of this.#notificationClicks) listener(id);
  }
  async clearNotification(id: string) {
    this.notifications.delete(id);
  }
  async openTab(url: string) {
    this.openedTabs.push(url);
  }
  async openInbox() {
    this.openedTabs.push('inbox');
  }
  onCommand() {}
  readonly actionMenu = new Map<string, string>();
  addActionMenuItem(id: string, title: string) {
    this.actionMenu.set(id, title);
  }
  onActionMenuClicked() {}
  fetch: typeof fetch = (input, init) => globalThis.fetch(input, init);
}
