import type { TrackerInbox } from '../common/inbox-rows.js';
import { trackerLabel } from '../common/inbox-rows.js';
import { parseTriage } from '../common/triage.js';
import type { Platform } from '../platform/platform.js';
import { LOCAL, MAX_LABEL, SCHEMA_VERSION, SYNC } from './keys.js';
import { readSnapshot } from './news-value.js';

interface Listed {
  id: string;
  url: string;
  label?: string | undefined;
}

/** The little of a stored tracker the inbox shows, or null where the entry is not one this version wrote. */
function listed(entry: unknown): Listed | null {
  if (!entry || typeof entry !== 'object') return null;
  const { id, url, label } = entry as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || typeof url !== 'string' || !URL.canParse(url)) return null;
  return { id, url, label: typeof label === 'string' && label.length <= MAX_LABEL ? label : undefined };
}

/**
 * Every tracker's kept refresh and triage, read as stored: without the
 * layout's schemas and migrations, which bring zod and most of a page's
 * script, so a page paints before loading them. Null where storage is not in
 * the current layout or holds an entry this version would not write: then
 * `trackerInboxes` (migrated, validated) answers instead.
 */
export async function keptInboxes(platform: Platform): Promise<TrackerInbox[] | null> {
  const sync = await platform.storage('sync').get([SYNC.version, SYNC.trackers]);
  const stored = sync[SYNC.trackers];
  if (sync[SYNC.version] !== SCHEMA_VERSION || !Array.isArray(stored)) return null;
  const trackers = stored.map(listed);
  if (trackers.some((tracker) => tracker === null)) return null;
  const list = trackers as Listed[];
  // One read per tracker's news (hundreds of kB each), all at once: the page takes in one answer while
  // the browser reads the next, where one read of all would hand over one answer of megabytes.
  const [version, triage, ...news] = await Promise.all([
    platform.storage('local').get([LOCAL.version]),
    platform.storage('sync').get(list.map((tracker) => SYNC.triage(tracker.id))),
    ...list.map((tracker) => platform.storage('local').get([LOCAL.news(tracker.id)])),
  ]);
  if (version[LOCAL.version] !== SCHEMA_VERSION) return null;
  return list.map((tracker, i) => ({
    id: tracker.id,
    url: tracker.url,
    label: trackerLabel(tracker),
    snapshot: readSnapshot(news[i]?.[LOCAL.news(tracker.id)]),
    triage: parseTriage(triage[SYNC.triage(tracker.id)]),
  }));
}
