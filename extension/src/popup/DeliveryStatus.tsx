import { bugLabel, type DeliveryState } from '../common/delivery-state.js';
import { When } from '../ui/When.js';

/** What happened to this tracker's visits: last sent, queued (with Retry now), and those the tracker refused. */
export function DeliveryStatus({
  delivery,
  now,
  onRetry,
  retrying,
}: {
  delivery: DeliveryState | null;
  now: number;
  onRetry: () => void;
  retrying: boolean;
}) {
  if (!delivery) return null;
  const queued = delivery.queue.length;
  return (
    <section aria-labelledby="delivery" data-testid="delivery">
      <h2 id="delivery">Visit recording</h2>
      {delivery.lastDelivered && (
        <p>
          Sent bug {delivery.lastDelivered.bugs.map((bug) => bugLabel(delivery, bug)).join(', ')}{' '}
          <When at={delivery.lastDelivered.at} now={now} />.
        </p>
      )}
      {queued > 0 && (
        <div class="banner queued" role="status">
          <p>
            {queued} visit{queued === 1 ? '' : 's'} queued (bug{' '}
            {delivery.queue.map((v) => bugLabel(delivery, v.bug)).join(', ')}), sent as soon as the tracker answers.
          </p>
          <button type="button" onClick={onRetry} disabled={retrying}>
            {retrying ? 'Retrying…' : 'Retry now'}
          </button>
        </div>
      )}
      {delivery.failures.length > 0 && (
        <details>
          <summary>
            {delivery.failures.length} visit{delivery.failures.length === 1 ? '' : 's'} not recorded
          </summary>
          <ul>
            {delivery.failures.map((failure) => (
              <li key={`${failure.bug}-${failure.at}`}>
                Bug {bugLabel(delivery, failure.bug)}: {failure.message}
              </li>
            ))}
          </ul>
        </details>
      )}
      {delivery.keptInBrowser && (
        <p class="muted" data-testid="kept-in-browser">
          This tracker keeps visits only for bugs you are involved in: {delivery.keptInBrowser.count} other visit
          {delivery.keptInBrowser.count === 1 ? ' is' : 's are'} kept in this browser, and those bugs are followed all
          the same.
        </p>
      )}
      {!delivery.lastDelivered && !delivery.keptInBrowser && queued === 0 && delivery.failures.length === 0 && (
        <p class="muted">Open a bug page and its visit is recorded here.</p>
      )}
    </section>
  );
}
