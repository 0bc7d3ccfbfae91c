import { describe, expect, it } from 'vitest';
import type { TrackerSettings } from '../common/trackers.js';
import { bannerOrigins } from './banner-origins.js';

const tracker = (id: string, url: string): TrackerSettings => ({ id, url, authPreference: 'auto', recordVisits: true });

describe('bannerOrigins', () => {
  it('runs on the local companion and on granted origins only, each once, never on bugzilla.mozilla.org', async () => {
    const granted = new Set(['https://bugs.example.com/*', 'https://bugzilla.mozilla.org/*']);
    const origins = await bannerOrigins(
      [
        tracker('a', 'http://127.0.0.1:3080/'),
        tracker('b', 'https://bugs.example.com/'),
        tracker('c', 'https://bugs.example.com/other/'),
        tracker('d', 'https://not-granted.example.org/'),
        tracker('e', 'https://bugzilla.mozilla.org/'),
      ],
      async (origin) => granted.has(origin),
    );
    expect(origins).toEqual(['http://127.0.0.1/*', 'https://bugs.example.com/*']);
  });

  it('is empty with no trackers', async () => {
    expect(await bannerOrigins([], async () => true)).toEqual([]);
  });
});
