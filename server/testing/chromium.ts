import { existsSync } from 'node:fs';

/**
 * Playwright's launch option for the Chromium to drive: `CHROMIUM_PATH`, else
 * Debian's /usr/bin/chromium, else none (Playwright's own, if installed).
 */
export function chromiumExecutable(): { executablePath?: string } {
  if (process.env.CHROMIUM_PATH) return { executablePath: process.env.CHROMIUM_PATH };
  return existsSync('/usr/bin/chromium') ? { executablePath: '/usr/bin/chromium' } : {};
}

/** The pages of a browser context, as far as closing the extension's welcome tab needs them. */
interface PagesOf {
  pages(): Array<{ url(): string; close(): Promise<void> }>;
}

/**
 * Closes the options page the extension opens as a welcome on install, once it is there (a new
 * tab's URL is about:blank until it commits), so it cannot take over a page a test or the bench
 * opens meanwhile. Gives up quietly after `timeoutMs`.
 */
export async function closeWelcomeTab(context: PagesOf, extensionId: string, timeoutMs = 10_000): Promise<void> {
  const welcome = `chrome-extension://${extensionId}/src/options/index.html`;
  for (let waited = 0; waited < timeoutMs; waited += 50) {
    const page = context.pages().find((p) => p.url() === welcome);
    if (page) {
      await page.close();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
