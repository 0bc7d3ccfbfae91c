/** A badge as the toolbar shows it. */
export interface Badge {
  text: string;
  color: string;
  title: string;
}

export type AreaName = 'sync' | 'local';

/** A storage area as the browser gives it: whole values by key. */
export interface StorageArea {
  /** `null` reads everything. */
  get(keys: string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

/**
 * Everything the extension needs from the browser, as one interface: the
 * real one wraps webextension-polyfill (platform/browser.ts), tests use an
 * in-memory one. Nothing else imports the browser API, and only
 * storage/ reads or writes storage.
 */
export interface Platform {
  storage(area: AreaName): StorageArea;
  onStorageChanged(listener: (area: AreaName, keys: string[]) => void): void;
  setBadge(badge: Badge): Promise<void>;
  hasHostPermission(originPattern: string): Promise<boolean>;
  /**
   * Must be called in the synchronous part of a user-input handler (Firefox
   * refuses it after an await): the options page's Save click calls it first.
   */
  requestHostPermission(originPattern: string): Promise<boolean>;
  removeHostPermission(originPattern: string): Promise<boolean>;
  /** The URL of the active tab, where the extension may read it. */
  activeTabUrl(): Promise<string | null>;
  /** A top-level page finished loading, was reloaded, or changed its path in place (not a change of its #fragment alone). */
  onPageVisited(listener: (url: string) => void): void;
  /** A top-level page started loading (committed): before its content scripts run and before it finishes. */
  onPageStarted(listener: (url: string) => void): void;
  /**
   * Runs the bug-page banner on these origins (`https://host/*`) only,
   * replacing what was registered before; none for an empty list.
   */
  setBannerOrigins(originPatterns: readonly string[]): Promise<void>;
  scheduleAlarm(name: string, periodMinutes: number): void;
  onAlarm(listener: (name: string) => void): void;
  onStartup(listener: () => void): void;
  /** The extension was just installed (not updated, not the browser starting). */
  onFirstInstall(listener: () => void): void;
  onMessage(handler: (message: unknown) => Promise<unknown> | undefined): void;
  sendMessage<T>(message: unknown): Promise<T>;
  openOptionsPage(): Promise<void>;
  /** The options page with a new tracker's form filled in with this URL. */
  openOptionsToAdd(trackerUrl: string): Promise<void>;
  /** A desktop notification; its `id` comes back to `onNotificationClicked` (ids are kept by the browser). */
  showNotification(notification: { id: string; title: string; message: string }): Promise<void>;
  onNotificationClicked(listener: (id: string) => void): void;
  clearNotification(id: string): Promise<void>;
  openTab(url: string): Promise<void>;
  /** The inbox page in a new tab. */
  openInbox(): Promise<void>;
  /** A keyboard shortcut of the manifest's `commands` was pressed. */
  onCommand(listener: (command: string) => void): void;
  /** An entry of the toolbar button's context menu (created once per install), and its clicks. */
  addActionMenuItem(id: string, title: string): void;
  onActionMenuClicked(listener: (id: string) => void): void;
  fetch: typeof fetch;
}
