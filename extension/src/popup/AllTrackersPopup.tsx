import { useRef } from 'preact/hooks';
import type { InboxRow } from '../common/inbox-rows.js';
import type { Platform } from '../platform/platform.js';
import { useFreshness } from '../ui/use-freshness.js';
import { AllTrackers } from './AllTrackers.js';
import { useFitToWindow } from './fit-to-window.js';
import { ALL_TRACKERS, Switcher, type SwitcherEntry } from './Switcher.js';

/** What the popup lists when All trackers is chosen: the inbox's first rows; the inbox has the rest. */
const ALL_SHOWN = 30;

/** The popup on "All trackers": the switcher, every tracker's waiting bugs in one list, Options. */
export function AllTrackersPopup({
  platform,
  entries,
  waiting,
  now,
  onSwitch,
  onOpenOptions,
}: {
  platform: Platform;
  entries: SwitcherEntry[];
  /** Every tracker's waiting bugs, as stored (null until read). */
  waiting: InboxRow[] | null;
  now: number;
  onSwitch: (id: string) => void;
  onOpenOptions: () => void;
}) {
  // As it opens, it looks for changes on every tracker (each at most once a minute).
  const freshness = useFreshness(platform);
  const main = useRef<HTMLElement>(null);
  useFitToWindow(main);
  return (
    <main class="popup-main" data-testid="all-trackers-popup" ref={main}>
      <Switcher entries={entries} current={ALL_TRACKERS} onSwitch={onSwitch} />
      <div class="scroll">
        <AllTrackers platform={platform} waiting={waiting} now={now} shown={null} limit={ALL_SHOWN} />
      </div>
      <footer>
        <button type="button" class="link" onClick={onOpenOptions}>
          Options
        </button>
        <button type="button" class="link" onClick={freshness.onRefresh} disabled={freshness.checking}>
          {freshness.checking ? 'Checking…' : 'Refresh'}
        </button>
      </footer>
    </main>
  );
}
