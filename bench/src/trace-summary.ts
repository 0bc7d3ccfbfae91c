/** One event of a Chromium trace (the Trace Event Format), as far as the summary reads it. */
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown> & { data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}

interface CpuNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
/** What the summary names inside a task: the work a page does, not the scheduler's wrappers. */
const WORK = new Set([
  'ParseHTML',
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'ParseAuthorStyleSheet',
  'GCEvent',
  'MinorGC',
  'MajorGC',
  'V8.GC_SCAVENGER',
  'RunMicrotasks',
  'v8.run',
  'V8.DeserializeContext',
]);

const ms = (us: number) => (us / 1000).toFixed(1);
const shortUrl = (url: unknown) => (typeof url === 'string' ? (url.split('/').pop() ?? url) : '');

function workName(event: TraceEvent): string {
  const data = event.args?.data ?? event.args?.beginData;
  const url = data?.url ?? data?.fileName ?? data?.stackTrace;
  const fn = data?.functionName;
  return `${event.name}${fn ? `:${fn}` : ''}${url && typeof url === 'string' ? `(${shortUrl(url)})` : ''}`;
}

/**
 * Where the main thread of the page at `pageUrl` spent its time from its
 * navigation to the end of the trace: each task of 0.5 ms or more with the
 * work inside it, the time between tasks (waiting: on storage, the network,
 * a frame), and JavaScript's own time by function from the sampling profiler.
 */
export function traceSummary(events: readonly TraceEvent[], pageUrl: string): string {
  const parse = events.find(
    (e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? e.args?.data?.url ?? '').includes(pageUrl),
  );
  if (!parse) return `no ParseHTML of ${pageUrl} in the trace`;
  const { pid, tid } = parse;
  const navigation = events.find(
    (e) =>
      e.pid === pid && e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').includes(pageUrl),
  );
  const start = navigation?.ts ?? parse.ts;
  const main = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.ts >= start)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const lines: string[] = [];
  let busy = 0;
  let last = start;
  let waited = 0;
  for (let i = 0; i < main.length; i++) {
    const task = main[i] as TraceEvent;
    // A task inside another (the scheduler's two names for one task) is counted once.
    if (!TASKS.has(task.name) || task.ts < last) continue;
    const end = task.ts + (task.dur ?? 0);
    const work = new Map<string, number>();
    for (let j = i + 1; j < main.length && (main[j] as TraceEvent).ts < end; j++) {
      const inner = main[j] as TraceEvent;
      if (!WORK.has(inner.name)) continue;
      const name = workName(inner);
      work.set(name, (work.get(name) ?? 0) + (inner.dur ?? 0));
    }
    if ((task.dur ?? 0) >= 500) {
      const gap = task.ts - last;
      const inside = [...work]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([name, dur]) => `${name} ${ms(dur)}`)
        .join(', ');
      lines.push(`  +${ms(task.ts - start)} ms (after ${ms(gap)} idle): task ${ms(task.dur ?? 0)} ms — ${inside}`);
      busy += task.dur ?? 0;
      waited += gap;
      last = end;
    }
  }
  const marks = events
    .filter(
      (e) =>
        e.pid === pid &&
        e.ts >= start &&
        [
          'firstPaint',
          'firstContentfulPaint',
          'MarkDOMContent',
          'MarkLoad',
          'largestContentfulPaint::Candidate',
        ].includes(e.name),
    )
    .map((e) => `${e.name} +${ms(e.ts - start)}`);
  return [
    `main thread from navigation: ${ms(busy)} ms in tasks of ≥ 0.5 ms, ${ms(waited)} ms idle between them, last ends +${ms(last - start)} ms`,
    `marks: ${marks.join(', ')}`,
    ...lines,
    'JavaScript self time by function (sampled):',
    ...jsSelfTime(events, pid, start),
  ].join('\n');
}

/** Self time per function of the renderer's JavaScript samples after `start`, most first. */
function jsSelfTime(events: readonly TraceEvent[], pid: number, start: number): string[] {
  const self = new Map<string, number>();
  // Each profile (one per page the renderer ran, say) numbers its nodes and times its samples on its own.
  const profiles = new Map<string, { nodes: Map<number, CpuNode>; time: number }>();
  for (const profile of events.filter((e) => e.pid === pid && e.name === 'Profile')) {
    profiles.set(String(profile.id), { nodes: new Map(), time: Number(profile.args?.data?.startTime ?? 0) });
  }
  for (const chunk of events.filter((e) => e.pid === pid && e.name === 'ProfileChunk').sort((a, b) => a.ts - b.ts)) {
    const profile = profiles.get(String(chunk.id));
    if (!profile) continue;
    const { nodes } = profile;
    const data = chunk.args?.data as
      | { cpuProfile?: { nodes?: CpuNode[]; samples?: number[] }; timeDeltas?: number[] }
      | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      const delta = deltas[i + 1] ?? deltas[i] ?? 0;
      profile.time += deltas[i] ?? 0;
      if (profile.time < start) continue;
      const frame = nodes.get(samples[i] as number)?.callFrame;
      if (!frame) continue;
      const name = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber}`;
      self.set(name, (self.get(name) ?? 0) + delta);
    }
  }
  return [...self]
    .filter(([name]) => !name.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([name, us]) => `  ${ms(us)} ms  ${name}`);
}
