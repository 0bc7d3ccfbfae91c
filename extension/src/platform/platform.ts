import type { Settings } from '../common/settings.js';

/** A badge as the toolbar shows it. */
export interface Badge {
  text: string;
  color: string;
  title: string;
}

/**
 * Everything the extension needs from the browser, as one interface: the
 * real one wraps webextension-polyfill (platform/browser.ts), tests use an
 * in-memory one. Nothing else imports the browser API.
 */
export interface Platform {
  readSettings(): Promise<Settings>;
  writeSettings(settings: Settings): Promise<void>;
  onSettingsChanged(listener: () => void): void;
  readLocal<T>(key: string): Promise<T | undefined>;
  writeLocal(key: string, value: unknown): Promise<void>;
  setBadge(badge: Badge): Promise<void>;
  hasHostPermission(originPattern: string): Promise<boolean>;
  /** Must be called from a user gesture (the options page's Save click). */
  requestHostPermission(originPattern: string): Promise<boolean>;
  /** A top-level page finished loading, was reloaded, or navigated within itself. */
  onPageVisited(listener: (url: string) => void): void;
  scheduleAlarm(name: string, periodMinutes: number): void;
  onAlarm(listener: (name: string) => void): void;
  onStartup(listener: () => void): void;
  onMessage(handler: (message: unknown) => Promise<unknown> | undefined): void;
  sendMessage<T>(message: unknown): Promise<T>;
  openOptionsPage(): Promise<void>;
  fetch: typeof fetch;
}
