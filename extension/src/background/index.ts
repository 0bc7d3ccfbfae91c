import { browserPlatform } from '../platform/browser.js';
import { LOCAL } from '../storage/layout.js';
import { TrackerStorage } from '../storage/storage.js';
import { Delivery } from './delivery.js';
import { handleMessage } from './messages.js';
import { visitOnPage } from './tracker-for-page.js';

/**
 * The service worker (Chromium) / background script (Firefox). Listeners are
 * registered synchronously at the top level so the browser can wake the
 * worker for them; all state lives in storage, not here, so the worker may
 * be stopped at any moment.
 */
const platform = browserPlatform;
const storage = new TrackerStorage(platform);
const delivery = new Delivery(platform);

platform.onPageVisited((url) => {
  void storage.trackers().then((trackers) => {
    const visit = visitOnPage(url, trackers);
    if (!visit) return;
    // The popup opens on the tracker used most recently when the active tab is none of them.
    void storage.setLastUsed(visit.tracker.id);
    void delivery.recordVisit(visit.tracker.id, visit.bug);
  });
});
platform.scheduleAlarm('deliver-queued-visits', 1);
platform.onAlarm(() => void delivery.flushAll());
platform.onStartup(() => void delivery.flushAll());
// A tracker added, edited or removed (here or on another device), or a key changed: try again with it.
platform.onStorageChanged((area, keys) => {
  if (area === 'sync' || keys.some((key) => key.startsWith(LOCAL.apiKey('')))) void delivery.flushAll();
});
platform.onMessage((message) => handleMessage(delivery, message));
