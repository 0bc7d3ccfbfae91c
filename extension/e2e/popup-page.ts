import { expect, type Page } from '@playwright/test';
import type { ExtensionBrowser } from './browser.js';

/** The popup in a tab of popup size (Playwright cannot open the real popup), once it shows a tracker. */
export async function openPopup(browser: ExtensionBrowser, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const popup = await browser.context.newPage();
  await popup.setViewportSize({ width: 460, height: 600 });
  await popup.emulateMedia({ colorScheme });
  await popup.goto(`chrome-extension://${browser.extensionId}/src/popup/index.html`);
  await expect(popup.locator('main:not([aria-busy])')).toBeVisible();
  return popup;
}
