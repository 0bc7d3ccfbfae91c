import type { ClockSkew } from '@bz-companion/shared';
import type { ComponentChildren } from 'preact';
import { describeProblem, type Problem } from '../common/problems.js';
import { When } from '../ui/When.js';
import { aboutLine } from './about-line.js';
import type { PopupData, Section } from './load.js';

function Fact<T>({
  label,
  section,
  render,
}: {
  label: string;
  section: Section<T>;
  render: (value: T) => ComponentChildren;
}) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{section.ok ? render(section.value) : <Unavailable problem={section.problem} />}</dd>
    </>
  );
}

export function Unavailable({ problem }: { problem: Problem }) {
  return (
    <span class="muted" title={describeProblem(problem)}>
      {problem.kind === 'too-old' ? 'not supported by this tracker' : 'unavailable'}
    </span>
  );
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The tracker's own clocks disagreeing, in plain words with what to do. Shown
 * outside the folded details: it changes how the user reads every time.
 */
export function ClockWarning({ skew }: { skew: ClockSkew }) {
  if (!skew.trackerClocksDisagree) return null;
  const by = Math.abs(skew.dbMinusWebSeconds);
  return (
    <p class="warning" role="status" data-testid="clock-warning">
      The tracker's database clock is {by} s {skew.dbMinusWebSeconds > 0 ? 'ahead of' : 'behind'} its web server. Times
      on its bugs may be off by that much; its administrators can fix it.
    </p>
  );
}

/**
 * How the browser's clock compares with the tracker's. Within the
 * measurement's uncertainty it "matches" (so the noise never flips between
 * ahead and behind from one opening to the next).
 */
export function browserClock(skew: ClockSkew): { text: string; off: boolean } {
  const off = Math.abs(skew.localMinusWebMs) > skew.uncertaintyMs;
  if (!off) return { text: `Your browser's clock matches the tracker's (within ${seconds(skew.uncertaintyMs)}).`, off };
  const way = skew.localMinusWebMs > 0 ? 'ahead of' : 'behind';
  return {
    text: `Your browser's clock is ${seconds(Math.abs(skew.localMinusWebMs))} ${way} the tracker's: check your system time.`,
    off,
  };
}

/** Version, extensions, timezone, last audit and clocks: folded, as they matter when something is off. */
export function InstanceDetails({ data, now }: { data: PopupData; now: number }) {
  const clock = data.clock;
  const about = aboutLine(data.version.ok ? data.version.value : null, clock.ok ? clock.value : null);
  return (
    <details class="instance" data-testid="instance" open={about.clockOff || undefined}>
      <summary>
        About this tracker
        {about.text && (
          <span
            class={about.clockOff ? 'about-line warning-text' : 'about-line muted'}
            title={about.title ?? undefined}
          >
            {' · '}
            {about.text}
          </span>
        )}
      </summary>
      <dl class="facts">
        <Fact label="Version" section={data.version} render={(v) => v} />
        <Fact
          label="Extensions"
          section={data.extensions}
          render={(list) => (list.length === 0 ? 'none' : list.map((e) => `${e.name} ${e.version}`).join(', '))}
        />
        <Fact label="Timezone" section={data.timezone} render={(v) => v} />
        <Fact
          label="Last audit"
          section={data.lastAudit}
          render={(at) => (at === null ? 'no audit events' : <When at={at} now={now} />)}
        />
        <dt>Clocks</dt>
        <dd data-testid="clocks">
          {!clock.ok ? (
            <Unavailable problem={clock.problem} />
          ) : (
            <>
              {clock.value.trackerClocksDisagree ? (
                <span class="warning-text">
                  database {Math.abs(clock.value.dbMinusWebSeconds)} s{' '}
                  {clock.value.dbMinusWebSeconds > 0 ? 'ahead of' : 'behind'} web server
                </span>
              ) : (
                <span>Database and web server agree.</span>
              )}{' '}
              <span class={browserClock(clock.value).off ? 'warning-text' : ''}>{browserClock(clock.value).text}</span>
            </>
          )}
        </dd>
      </dl>
    </details>
  );
}
