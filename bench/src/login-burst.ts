import { BENCH_KEY, BUG_COUNT } from './data.js';
import { percentiles } from './extension-figures.js';
import type { Row, Target } from './report.js';

const LOGINS = 200;

/**
 * Durable visit POSTs, one after another, while 200 password logins arrive at once (unknown logins:
 * each still checks a hash, so none is cut short by a lock-out). Password hashing shares libuv's
 * thread pool with the file store's fdatasync; this row shows what a burst of logins costs the writes.
 */
export async function measureLoginBurst(url: string): Promise<{ row: Row; target: Target }> {
  const burst = Promise.all(
    Array.from({ length: LOGINS }, (_, i) =>
      fetch(`${url}/rest/login?login=nobody-${i}%40example.com&password=guess-${i}`).then((answer) => answer.text()),
    ),
  );
  let loginsDone = false;
  void burst.then(() => {
    loginsDone = true;
  });
  const latencies: number[] = [];
  let errors = 0;
  for (let n = 0; (!loginsDone || n < 20) && n < 20_000; n++) {
    const began = performance.now();
    const answer = await fetch(`${url}/rest/bug_user_last_visit/${1 + ((n * 7919) % BUG_COUNT)}`, {
      method: 'POST',
      headers: { 'X-BUGZILLA-API-KEY': BENCH_KEY },
    });
    await answer.text();
    if (!answer.ok) errors++;
    latencies.push(performance.now() - began);
  }
  await burst;
  const { p50, p99 } = percentiles(latencies);
  const worst = Math.max(...latencies);
  console.error(
    `  POST durable during ${LOGINS} logins: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${worst.toFixed(1)} ms`,
  );
  return {
    row: {
      name: `POST durable, one at a time, while ${LOGINS} password logins arrive at once`,
      server: `bz-companion (${latencies.length} POSTs; max ${worst.toFixed(1)} ms)`,
      req_per_s: Number.NaN,
      p50_ms: p50,
      p99_ms: p99,
      ratio_to_ceiling: Number.NaN,
      errors,
    },
    target: {
      what: `durable POST during ${LOGINS} concurrent logins: p99 ≤ 10 ms (hashing never holds the writes)`,
      measured: `p99 ${p99.toFixed(1)} ms, max ${worst.toFixed(1)} ms over ${latencies.length} POSTs`,
      met: p99 <= 10,
    },
  };
}
