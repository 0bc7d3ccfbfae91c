export interface SwitcherEntry {
  id: string;
  host: string;
  /** One word or two: ok, queued N, offline, key rejected, clock skew… */
  status: string;
  /** The bugs waiting in the inbox from this tracker. */
  count?: number;
}

/** Every tracker with its status; choosing one shows it below. */
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
              {entry.count !== undefined && <span class="count">{entry.count}</span>}{' '}
              <span class={`status status-${entry.status.split(' ')[0]}`}>{entry.status}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
