import { trackerLabel } from '../common/inbox-rows.js';
import type { Platform } from '../platform/platform.js';
import { NewsSettingsForm } from './NewsSettingsForm.js';
import { PinStep } from './PinStep.js';
import { SyncUsage } from './SyncUsage.js';
import { TrackerList } from './TrackerList.js';
import { useTrackers } from './use-trackers.js';

/**
 * The options page: the settings for every tracker first, then the trackers
 * as a compact list (one open at a time) and "Add tracker". On a first run
 * the welcome and the tracker's form come first: nothing else works before.
 */
export function Options({ platform, add = null }: { platform: Platform; add?: string | null }) {
  const trackers = useTrackers(platform, add);
  if (!trackers) return <main aria-busy="true" />;
  const { saved, lastRemoved } = trackers;
  const firstRun = saved.length === 0;
  const everyTracker = (
    <section aria-labelledby="every-tracker">
      <h2 id="every-tracker">For every tracker</h2>
      <NewsSettingsForm platform={platform} />
      <SyncUsage platform={platform} />
    </section>
  );
  return (
    <main>
      <h1>bz-companion</h1>
      {firstRun && <Welcome />}
      {!firstRun && everyTracker}
      <section aria-labelledby="trackers">
        <h2 id="trackers">Trackers{firstRun ? '' : ` (${saved.length})`}</h2>
        <p class="hint">The list and the labels follow you to your other browsers; API keys stay on this device.</p>
        <TrackerList
          saved={saved}
          unsaved={trackers.unsaved}
          forms={trackers.forms}
          onToggle={trackers.toggle}
          onSave={trackers.save}
          onRemove={(tracker) => void trackers.remove(tracker)}
          onAutoSave={trackers.autoSave}
        />
        {lastRemoved && (
          <div class="banner removed" role="status" data-testid="removed">
            <span>Removed {trackerLabel(lastRemoved.settings)}.</span>{' '}
            <button type="button" onClick={() => trackers.undo(lastRemoved)}>
              Undo
            </button>
          </div>
        )}
        <button type="button" class="add-tracker" onClick={trackers.add}>
          Add tracker
        </button>
      </section>
      {firstRun && everyTracker}
    </main>
  );
}

/** What a new user reads first (the page opens by itself on install): what the extension does and needs. */
function Welcome() {
  return (
    <section class="welcome" aria-labelledby="welcome" data-testid="welcome">
      <h2 id="welcome">Welcome</h2>
      <p>
        bz-companion tells your Bugzilla when you open one of its bugs, and tells you what changed on the bugs you
        visited since you last looked: on the bug page, in its toolbar button and on the button's badge.
      </p>
      <p>It needs two things from you:</p>
      <ol>
        <li>your tracker's address, as you open its front page (for example https://bugzilla.example.org/);</li>
        <li>
          an API key, which you create on the tracker (a link to the right page appears below once you enter the
          address).
        </li>
      </ol>
      <p>The key stays on this device. Nothing is sent anywhere but to your tracker.</p>
      <div class="inbox-step" data-testid="welcome-inbox">
        <h3>Your inbox: what needs you, on every tracker</h3>
        <p>
          Press <kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>I</kbd> (or <em>Open inbox</em> in the popup) for one list of every
          tracker's bugs: first what needs you, the requests of you (needinfo, review, feedback) oldest first and the
          bugs just assigned to you, then everything else that changed, newest first. Answer from there: reply, change
          the status, answer a needinfo, grant or deny a review, take a bug; <kbd>?</kbd> lists the keys.
        </p>
      </div>
      <PinStep />
    </section>
  );
}
