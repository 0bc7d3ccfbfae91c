import browser from 'webextension-polyfill';
import { DEFAULT_SETTINGS, type Settings, settingsFrom } from '../common/settings.js';
import type { Platform } from './platform.js';

/** The real platform: the one module that imports webextension-polyfill. */
export const browserPlatform: Platform = {
  async readSettings() {
    return settingsFrom(await browser.storage.sync.get(Object.keys(DEFAULT_SETTINGS)));
  },
  async writeSettings(settings: Settings) {
    await browser.storage.sync.set({ ...settings });
  },
  onSettingsChanged(listener) {
    browser.storage.onChanged.addListener((_changes, area) => {
      if (area === 'sync') listener();
    });
  },
  async readLocal<T>(key: string) {
    return (await browser.storage.local.get(key))[key] as T | undefined;
  },
  async writeLocal(key, value) {
    await browser.storage.local.set({ [key]: value });
  },
  async setBadge({ text, color, title }) {
    await Promise.all([
      browser.action.setBadgeText({ text }),
      browser.action.setBadgeBackgroundColor({ color }),
      browser.action.setTitle({ title }),
    ]);
  },
  hasHostPermission(originPattern) {
    return browser.permissions.contains({ origins: [originPattern] });
  },
  requestHostPermission(originPattern) {
    return browser.permissions.request({ origins: [originPattern] });
  },
  onPageVisited(listener) {
    const topFrame = (details: { frameId: number; url: string }) => {
      if (details.frameId === 0) listener(details.url);
    };
    browser.webNavigation.onCompleted.addListener(topFrame);
    browser.webNavigation.onHistoryStateUpdated.addListener(topFrame);
    browser.webNavigation.onReferenceFragmentUpdated.addListener(topFrame);
  },
  scheduleAlarm(name, periodMinutes) {
    void browser.alarms.create(name, { periodInMinutes: periodMinutes });
  },
  onAlarm(listener) {
    browser.alarms.onAlarm.addListener((alarm) => listener(alarm.name));
  },
  onStartup(listener) {
    browser.runtime.onStartup.addListener(listener);
    browser.runtime.onInstalled.addListener(() => listener());
  },
  onMessage(handler) {
    browser.runtime.onMessage.addListener((message: unknown) => handler(message));
  },
  sendMessage<T>(message: unknown) {
    return browser.runtime.sendMessage(message) as Promise<T>;
  },
  openOptionsPage() {
    return browser.runtime.openOptionsPage();
  },
  fetch: (input, init) => globalThis.fetch(input, init),
};
