import browser from 'webextension-polyfill';
import { fetchWithTimeout } from '../common/fetch-with-timeout.js';
import type { AreaName, Platform, StorageArea } from './platform.js';

const area = (name: AreaName): StorageArea => ({
  get: (keys) => browser.storage[name].get(keys),
  set: (items) => browser.storage[name].set(items),
  remove: (keys) => browser.storage[name].remove(keys),
});

/** The real platform: the one module that imports webextension-polyfill. */
export const browserPlatform: Platform = {
  storage: area,
  onStorageChanged(listener) {
    browser.storage.onChanged.addListener((changes, name) => {
      if (name === 'sync' || name === 'local') listener(name, Object.keys(changes));
    });
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
  removeHostPermission(originPattern) {
    return browser.permissions.remove({ origins: [originPattern] });
  },
  async activeTabUrl() {
    const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
    return tab?.url ?? null;
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
  fetch: fetchWithTimeout((input, init) => globalThis.fetch(input, init)),
};
