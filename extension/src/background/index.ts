import { visitOnPage } from '../common/tracker-for-page.js';
import { bannerOrigins } from '../follow/banner-origins.js';
import { WhatChanged } from '../follow/what-changed.js';
import { browserPlatform } from '../platform/browser.js';
import { LOCAL, SYNC } from '../storage/keys.js';
import { NewsStorage } from '../storage/news-storage.js';
import { TrackerStorage } from '../storage/storage.js';
import { Delivery } from '../visits/delivery.js';
import { handleMessage } from './messages.js';
import { handleNewsMessage } from './news-messages.js';

/**
 * The service worker (Chromium) / background script (Firefox). Listeners are
 * registered synchronously at the top level so the browser can wake the
 * worker for them; all state lives in storage, not here, so the worker may
 * be stopped at any moment.
 */
const platform = browserPlatform;
const storage = new TrackerStorage(platform);
const newsStorage = new NewsStorage(platform);
const delivery = new Delivery(platform);
const whatChanged = new WhatChanged(platform, delivery);

const NEWS_ALARM = 'what-changed';

let registering: Promise<unknown> = Promise.resolve();
/** One registration at a time: start-up and a change of the list may ask at once. */
function registerBanner(): void {
  const register = async () =>
    platform.setBannerOrigins(
      await bannerOrigins(await storage.trackerSettings(), (origin) => platform.hasHostPermission(origin)),
    );
  registering = registering.then(register, register).catch(() => {});
}

async function scheduleNews(): Promise<void> {
  platform.scheduleAlarm(NEWS_ALARM, (await newsStorage.settings()).periodMinutes);
}

platform.onPageStarted((url) => void whatChanged.pageStarted(url).catch(() => {}));
platform.onPageVisited((url) => {
  void storage.trackers().then((trackers) => {
    const visit = visitOnPage(url, trackers);
    if (!visit) return;
    // The popup opens on the tracker used most recently when the active tab is none of them.
    void storage.setLastUsed(visit.tracker.id);
    void whatChanged.pageVisited(visit.tracker, visit.bug);
  });
});
platform.scheduleAlarm('deliver-queued-visits', 1);
void scheduleNews();
registerBanner();
platform.onAlarm((name) => {
  if (name === NEWS_ALARM) void whatChanged.refreshAll();
  else {
    void delivery.flushAll();
    // A snooze that ran out brings its bug back: the badge counts it within the minute.
    void delivery.refreshBadge();
  }
});
// The inbox from anywhere: its shortcut, and the toolbar button's context menu.
const OPEN_INBOX = 'open-inbox';
platform.addActionMenuItem(OPEN_INBOX, 'Open the inbox');
platform.onActionMenuClicked((id) => id === OPEN_INBOX && void platform.openInbox());
platform.onCommand((command) => command === OPEN_INBOX && void platform.openInbox());
// A new user meets the options page as a welcome: what the extension does, and the two things it needs.
platform.onFirstInstall(() => void platform.openOptionsPage());
platform.onStartup(() => {
  void whatChanged.noteNotifySettings();
  void delivery.flushAll();
  registerBanner();
});
// A tracker added, edited or removed (here or on another device), or a key changed: try again with it.
platform.onStorageChanged((area, keys) => {
  if (area === 'sync' || keys.some((key) => key.startsWith(LOCAL.apiKey('')))) void delivery.flushAll();
  if (area === 'sync' && keys.includes(SYNC.trackers)) {
    registerBanner();
    void whatChanged.noteNotifySettings();
  }
  // Done, muted, snoozed or starred here or in another browser: the badge is the inbox's count.
  if (area === 'sync' && keys.some((key) => key.startsWith(SYNC.triage('')))) void delivery.refreshBadge();
  if (area === 'sync' && keys.includes(SYNC.newsSettings)) {
    void scheduleNews();
    void delivery.refreshBadge();
  }
});
platform.onMessage((message) => handleMessage(delivery, message) ?? handleNewsMessage(whatChanged, message));
