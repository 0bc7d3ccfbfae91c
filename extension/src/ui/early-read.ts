import { browserPlatform } from '../platform/browser.js';
import { firstRead } from './first-read.js';

/**
 * The first read of storage of the inbox and the popup, started as this module runs. The built
 * page runs it before its first paint (vite/kept-first-paint.js,
 * `data-now`), so storage is read while the page paints what it kept and
 * loads its app; the app imports this same module, and so takes this read.
 */
export const started = firstRead(browserPlatform);
