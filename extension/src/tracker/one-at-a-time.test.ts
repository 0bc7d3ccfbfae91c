import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time.js';

/** A fetch that answers after `ms`, recording how many requests were in flight at once. */
function slowFetch(ms: number) {
  const seen = { inFlight: 0, most: 0, order: [] as string[] };
  const fetchImpl: typeof fetch = async (input) => {
    seen.inFlight++;
    seen.most = Math.max(seen.most, seen.inFlight);
    await new Promise((resolve) => setTimeout(resolve, ms));
    seen.order.push(String(input));
    seen.inFlight--;
    if (String(input).endsWith('fail')) throw new TypeError('network down');
    return new Response(JSON.stringify({ url: String(input) }), { status: 200 });
  };
  return { seen, fetchImpl };
}

describe('oneAtATime', () => {
  it('lets one request through at a time per lane, in the order asked, each with its body', async () => {
    const { seen, fetchImpl } = slowFetch(10);
    const lane = oneAtATime('https://a.example/', fetchImpl);
    const answers = await Promise.all(
      ['1', '2', 'fail', '3'].map((n) =>
        lane(n).then(
          (r) => r.json(),
          () => 'failed',
        ),
      ),
    );
    expect(seen.most).toBe(1);
    expect(seen.order).toEqual(['1', '2', 'fail', '3']);
    expect(answers).toEqual([{ url: '1' }, { url: '2' }, 'failed', { url: '3' }]);
  });

  it('keeps lanes of different trackers apart', async () => {
    const { seen, fetchImpl } = slowFetch(20);
    await Promise.all([
      oneAtATime('https://b.example/', fetchImpl)('b'),
      oneAtATime('https://c.example/', fetchImpl)('c'),
    ]);
    expect(seen.most).toBe(2);
  });
});
