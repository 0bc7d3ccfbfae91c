import { BENCH_KEY, BUG_COUNT } from './data.js';
import type { LoadResult, LoadSpec } from './load-generator.js';
import type { Row, Target } from './report.js';

/** One megabyte (10^6 bytes), under 5.2's default maxattachmentsize of 1000 KB. */
const ATTACHMENT_BYTES = 1_000_000;

const ROW = 'POST /rest/bug/{id}/comment (durable)';

/** The other request: a durable comment, which goes through the same journal as an attachment. */
const comment = (url: string): LoadSpec => ({
  method: 'POST',
  url: `${url}/rest/bug/{id}/comment`,
  headers: { 'X-BUGZILLA-API-KEY': BENCH_KEY, 'Content-Type': 'application/json' },
  body: '{"comment":"Seen again on build {id}."}',
  ids: BUG_COUNT,
});

/** Posts 1 MB attachments one after another until told to stop; resolves to how many were stored. */
async function attachContinuously(url: string, stop: { now: boolean }): Promise<number> {
  const body = JSON.stringify({
    data: Buffer.alloc(ATTACHMENT_BYTES, 'attachment bytes ').toString('base64'),
    file_name: 'big.log',
    summary: 'A megabyte',
    content_type: 'text/plain',
  });
  let stored = 0;
  for (let n = 0; !stop.now; n++) {
    const response = await fetch(`${url}/rest/bug/${(n % BUG_COUNT) + 1}/attachment`, {
      method: 'POST',
      headers: { 'X-BUGZILLA-API-KEY': BENCH_KEY, 'Content-Type': 'application/json' },
      body,
    });
    await response.arrayBuffer();
    if (response.status === 201) stored++;
  }
  return stored;
}

/**
 * Whether a large attachment slows other writes: the durable comment POST alone, then while 1 MB
 * attachments are posted back to back on another connection. The attachments' bytes go to files
 * of their own, outside the journal every write syncs: its p99 should stay within 2× of alone.
 */
export async function measureAttachmentInterference(
  url: string,
  server: string,
  load: (spec: LoadSpec) => Promise<LoadResult>,
  record: (name: string, server: string, result: LoadResult) => Row,
): Promise<Target> {
  const alone = record(ROW, server, await load(comment(url)));
  const stop = { now: false };
  const attaching = attachContinuously(url, stop);
  const during = record(`${ROW}, 1 MB attachments posted meanwhile`, server, await load(comment(url)));
  stop.now = true;
  const attached = await attaching;
  return {
    what: "a 1 MB attachment moves another request's p99 by ≤ 2× (durable comment POST)",
    measured: `p99 ${alone.p99_ms.toFixed(1)} → ${during.p99_ms.toFixed(1)} ms (${(during.p99_ms / alone.p99_ms).toFixed(2)}×), ${attached} MB attached meanwhile`,
    met: during.p99_ms <= 2 * alone.p99_ms,
  };
}
