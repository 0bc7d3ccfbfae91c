/// <reference types="@crxjs/vite-plugin/client" />
import browser from 'webextension-polyfill';
import { fetchWithTimeout } from '../common/fetch-with-timeout.js';
import bannerScript from '../content/bug-banner.ts?script&iife';
import type { AreaName, Platform, StorageArea } from './platform.js';

const area = (name: AreaName): StorageArea => ({
  get: (keys) => browser.storage[name].get(keys),
  set: (items) => browser.storage[name].set(items),
  remove: (keys) => browser.storage[name].remove(keys),
});

const BANNER_SCRIPT_ID = 'bug-banner';

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
    // Not onReferenceFragmentUpdated: #c3 on the same bug page ("Show the first new comment") is no new visit.
  },
  onPageStarted(listener) {
    browser.webNavigation.onCommitted.addListener((details) => {
      if (details.frameId === 0) listener(details.url);
    });
  },
  async setBannerOrigins(originPatterns) {
    const registered = await browser.scripting.getRegisteredContentScripts({ ids: [BANNER_SCRIPT_ID] });
    if (registered.length > 0) await browser.scripting.unregisterContentScripts({ ids: [BANNER_SCRIPT_ID] });
    if (originPatterns.length === 0) return;
    await browser.scripting.registerContentScripts([
      { id: BANNER_SCRIPT_ID, js: [bannerScript], matches: [...originPatterns], runAt: 'document_end' },
    ]);
  },
  scheduleAlarm(name, periodMinutes) {
    // Created again only when missing or changed: re-creating restarts its period, and the worker starts often.
    void browser.alarms.get(name).then((existing) => {
      if (existing?.periodInMinutes !== periodMinutes)
        void browser.alarms.create(name, { periodInMinutes: periodMinutes });
    });
  },
  onAlarm(listener) {
    browser.alarms.onAlarm.addListener((alarm) => listener(alarm.name));
  },
  onStartup(listener) {
    browser.runtime.onStartup.addListener(listener);
    browser.runtime.onInstalled.addListener(() => listener());
  },
  onFirstInstall(listener) {
    browser.runtime.onInstalled.addListener(({ reason }) => {
      if (reason === 'install') listener();
    });
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
  async openOptionsToAdd(trackerUrl) {
    const page = browser.runtime.getURL(`src/options/index.html?add=${encodeURIComponent(trackerUrl)}`);
    await browser.tabs.create({ url: page });
  },
  async showNotification({ id, title, message }) {
    await browser.notifications.create(id, {
      type: 'basic',
      iconUrl: browser.runtime.getURL('icons/128.png'),
      title,
      message,
    });
  },
  onNotificationClicked(listener) {
    browser.notifications.onClicked.addListener(listener);
  },
  async clearNotification(id) {
    await browser.notifications.clear(id);
  },
  async openTab(url) {
    await browser.tabs.create({ url });
  },
  async openInbox() {
    await browser.tabs.create({ url: browser.runtime.getURL('src/inbox/index.html') });
  },
  onCommand(listener) {
    browser.commands.onCommand.addListener((command) => listener(command));
  },
  addActionMenuItem(id, title) {
    // Created again on each install or update (the browser keeps them); an existing id is replaced.
    browser.runtime.onInstalled.addListener(() => {
      void browser.contextMenus.remove(id).catch(() => {});
      browser.contextMenus.create({ id, title, contexts: ['action'] });
    });
  },
  onActionMenuClicked(listener) {
    browser.contextMenus.onClicked.addListener((info) => listener(String(info.menuItemId)));
  },
  fetch: fetchWithTimeout((input, init) => globalThis.fetch(input, init)),
};
