import { existsSync } from 'node:fs';

/**
 * Playwright's launch option for the Chromium to drive: `CHROMIUM_PATH`, else
 * Debian's /usr/bin/chromium, else none (Playwright's own, if installed).
 */
export function chromiumExecutable(): { executablePath?: string } {
  if (process.env.CHROMIUM_PATH) return { executablePath: process.env.CHROMIUM_PATH };
  return existsSync('/usr/bin/chromium') ? { executablePath: '/usr/bin/chromium' } : {};
}
