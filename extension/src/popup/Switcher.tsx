/** The switcher's first entry: every tracker's waiting bugs in one list. */
export const ALL_TRACKERS = '*all';

export interface SwitcherEntry {
  id: string;
  host: string;
  /** One word or two: ok, queued N, offline, key rejected, clock skew… (none for All trackers). */
  status: string;
  /** The bugs waiting in the inbox from this tracker. */
  count?: number;
}

/** All trackers first, then every tracker with its count and status; choosing one shows it below. */
export function Switcher({
  entries,
  current,
  onSwitch,
}: {
  entries: SwitcherEntry[];
  current: string;
  onSwitch: (trackerId: string) => void;
}) {
  return (
    <nav aria-label="Trackers" data-testid="tracker-switcher">
      <ul class="switcher">
        {entries.map((entry) => (
          <li key={entry.id}>
            <button
              type="button"
              aria-current={entry.id === current ? 'true' : undefined}
              onClick={() => onSwitch(entry.id)}
            >
              <span class="host">{entry.host}</span>{' '}
              {entry.count !== undefined && <span class="count">{entry.count}</span>}
              {entry.status && (
                <>
                  {' '}
                  <span class={`status status-${entry.status.split(' ')[0]}`}>{entry.status}</span>
                </>
              )}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
