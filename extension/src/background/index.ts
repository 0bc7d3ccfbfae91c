import { browserPlatform } from '../platform/browser.js';
import { bugOnPage } from './bug-page.js';
import { Delivery } from './delivery.js';
import { handleMessage } from './messages.js';

/**
 * The service worker (Chromium) / background script (Firefox). Listeners are
 * registered synchronously at the top level so the browser can wake the
 * worker for them; all state lives in storage, not here.
 */
const platform = browserPlatform;
const delivery = new Delivery(platform);

platform.onPageVisited((url) => {
  void platform.readSettings().then((settings) => {
    if (!settings.trackingEnabled) return;
    const bug = bugOnPage(url, settings.trackerUrl);
    if (bug !== null) void delivery.recordVisit(bug);
  });
});
platform.scheduleAlarm('deliver-queued-visits', 1);
platform.onAlarm(() => void delivery.flush());
platform.onStartup(() => void delivery.flush());
platform.onSettingsChanged(() => void delivery.settingsChanged());
platform.onMessage((message) => handleMessage(delivery, message));
