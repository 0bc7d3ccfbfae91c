import { describeProblem, type Problem, problemDetails } from '../common/problems.js';
import { localTimeOfDay } from '../common/relative-time.js';
import { ClockWarning } from './InstanceDetails.js';
import type { PopupData } from './load.js';

/** What keeps the tracker from answering (with the way to fix it), and a clock far from the tracker's. */
export function PopupAlerts({ data, onOpenOptions }: { data: PopupData; onOpenOptions: () => void }) {
  const shownProblem = problemShown(data);
  return (
    <>
      {shownProblem && (
        <ProblemBanner
          problem={shownProblem}
          nextTryAt={data.delivery?.nextTryAt ?? null}
          onOpenOptions={onOpenOptions}
        />
      )}
      {data.clock.ok && <ClockWarning skew={data.clock.value} />}
    </>
  );
}

/** What the popup found now, else what the background last met sending visits (a 503 to the POST alone). */
function problemShown(data: PopupData): Problem | null | undefined {
  const deliveryProblem = data.delivery?.problem;
  return data.problem ?? (deliveryProblem && deliveryProblem.kind !== 'not-configured' ? deliveryProblem : null);
}

function ProblemBanner({
  problem,
  nextTryAt,
  onOpenOptions,
}: {
  problem: Problem;
  nextTryAt: number | null;
  onOpenOptions: () => void;
}) {
  const fixInOptions = ['not-configured', 'no-permission', 'key-invalid', 'login-required'].includes(problem.kind);
  const details = problemDetails(problem);
  return (
    <div class="banner error" role="alert" data-problem={problem.kind}>
      <p>
        {describeProblem(problem)}
        {nextTryAt !== null && ` Next try at ${localTimeOfDay(nextTryAt)}.`}
      </p>
      {fixInOptions && (
        <button type="button" onClick={onOpenOptions}>
          Open options
        </button>
      )}
      {details && (
        <details class="details">
          <summary>Details</summary>
          <p>{details}</p>
        </details>
      )}
    </div>
  );
}
