/**
 * The popup's entry, small on purpose. When public/popup-first-paint.js has
 * painted what the popup kept last time, the app's modules (Preact, the typed
 * client, zod: nearly all of the popup's script) are evaluated after that
 * first frame rather than before it, where they held the frame back by
 * 15–20 ms (`npm run bench`, popup first paint). With nothing kept there is
 * no frame worth having first, and they load at once.
 */
const loadApp = () => import('./app.js');

if (document.documentElement.dataset.keptPaint === undefined) void loadApp();
else requestAnimationFrame(() => setTimeout(loadApp));
