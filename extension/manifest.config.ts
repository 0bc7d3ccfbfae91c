import { defineManifest } from '@crxjs/vite-plugin';
import pkg from './package.json' with { type: 'json' };
import { LOCAL_ORIGIN_PATTERNS } from './src/common/local-origins.js';

export type Target = 'chromium' | 'firefox';

/**
 * One manifest, two browsers: Chromium runs the background as a service
 * worker, Firefox as background scripts (crxjs needs the Firefox form given to
 * it as such). The local companion's origins are granted up front; any other
 * tracker's origin is asked for at runtime from the options page.
 */
export function manifestFor(target: Target) {
  return defineManifest({
    manifest_version: 3,
    name: 'bz-companion',
    description: 'Records when you last visited each Bugzilla bug and shows your tracker’s health.',
    version: pkg.version,
    icons: { 16: 'icons/16.png', 32: 'icons/32.png', 48: 'icons/48.png', 128: 'icons/128.png' },
    action: {
      default_popup: 'src/popup/index.html',
      default_title: 'bz-companion',
      default_icon: { 16: 'icons/16.png', 32: 'icons/32.png' },
    },
    options_ui: { page: 'src/options/index.html', open_in_tab: true },
    background:
      target === 'firefox'
        ? { scripts: ['src/background/index.ts'], type: 'module' }
        : { service_worker: 'src/background/index.ts', type: 'module' },
    permissions: ['storage', 'alarms', 'webNavigation', 'scripting', 'notifications', 'contextMenus'],
    host_permissions: [...LOCAL_ORIGIN_PATTERNS],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    commands: {
      _execute_action: {
        suggested_key: { default: 'Alt+Shift+B' },
        description: 'Open the bz-companion popup',
      },
      'open-inbox': {
        suggested_key: { default: 'Alt+Shift+I' },
        description: 'Open the inbox: every tracker’s bugs waiting',
      },
    },
    ...(target === 'firefox'
      ? {
          browser_specific_settings: {
            // 140: the first Firefox with data_collection_permissions, and Debian's firefox-esr (140 ESR);
            // Firefox for Android has them from 142.
            gecko: {
              id: 'bz-companion@bz-companion.invalid',
              strict_min_version: '140.0',
              data_collection_permissions: { required: ['none'] },
            },
            // Not in crxjs' manifest type, but Firefox's: web-ext lint wants it with data_collection_permissions.
            ...({ gecko_android: { strict_min_version: '142.0' } } as object),
          },
        }
      : {}),
  } as Parameters<typeof defineManifest>[0]);
}
