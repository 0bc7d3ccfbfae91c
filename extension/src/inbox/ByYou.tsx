import type { TrackerInbox } from '../common/inbox-rows.js';
import type { RequestByMe } from '../common/news-state.js';
import { requestByYouWords } from '../ui/request-words.js';

/** Every tracker's requests by the user still waiting, the longest waiting first. */
export function requestsByYou(inboxes: readonly TrackerInbox[]): Array<RequestByMe & { tracker: TrackerInbox }> {
  return inboxes
    .flatMap((tracker) => (tracker.snapshot?.byMe ?? []).map((entry) => ({ ...entry, tracker })))
    .sort((a, b) => a.request.at - b.request.at);
}

/** "Requests by you": the flags the user set on others that still wait for an answer, with their age. */
export function ByYou({ inboxes, now }: { inboxes: readonly TrackerInbox[]; now: number }) {
  const requests = requestsByYou(inboxes);
  return (
    <section class="list by-you" aria-labelledby="by-you" data-testid="requests-by-you">
      <h2 id="by-you">Requests by you ({requests.length}), the longest waiting first</h2>
      {requests.length === 0 ? (
        <p class="muted empty">Nobody owes you an answer: every flag you asked for was answered.</p>
      ) : (
        <ol class="by-you-rows">
          {requests.map(({ tracker, bug, summary, request }) => (
            <li key={`${tracker.id}:${bug}:${request.id}`} class="by-you-row" data-bug={bug} data-tracker={tracker.id}>
              <span class="tracker-label">{tracker.label}</span>{' '}
              <a href={`${tracker.url}show_bug.cgi?id=${bug}`} target="_blank" rel="noreferrer">
                <span class="id">#{bug}</span>{' '}
                <bdi class="summary" dir="auto">
                  {summary ?? `Bug ${bug}`}
                </bdi>
              </a>{' '}
              <span class="what">{requestByYouWords(request, now)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
