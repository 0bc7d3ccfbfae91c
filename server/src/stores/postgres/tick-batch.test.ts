import { setImmediate as nextTick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from './errors.js';
import { TickBatch } from './tick-batch.js';

/** A batch that doubles numbers, records each run's inputs, and fails any run holding a negative number. */
function doubling(failure: (input: number) => Error = () => new Error('negative')) {
  const runs: number[][] = [];
  const batch = new TickBatch<number, number>(async (inputs) => {
    runs.push([...inputs]);
    const bad = inputs.find((input) => input < 0);
    if (bad !== undefined) throw failure(bad);
    return inputs.map((input) => input * 2);
  });
  return { batch, runs };
}

describe('TickBatch', () => {
  it('runs the calls of one tick as one batch, and answers each caller its own output', async () => {
    const { batch, runs } = doubling();
    const answers = await Promise.all([batch.add(1), batch.add(2), batch.add(3)]);
    expect(answers).toEqual([2, 4, 6]);
    expect(runs).toEqual([[1, 2, 3]]);
  });

  it('runs calls of later ticks as batches of their own', async () => {
    const { batch, runs } = doubling();
    const first = batch.add(1);
    await nextTick();
    const second = [batch.add(2), batch.add(3)];
    expect(await Promise.all([first, ...second])).toEqual([2, 4, 6]);
    expect(runs).toEqual([[1], [2, 3]]);
  });

  it('runs a failed batch again input by input, so only the bad input fails its caller', async () => {
    const { batch, runs } = doubling();
    const answers = await Promise.allSettled([batch.add(1), batch.add(-1), batch.add(2)]);
    expect(answers).toEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'rejected', reason: new Error('negative') },
      { status: 'fulfilled', value: 4 },
    ]);
    expect(runs).toEqual([[1, -1, 2], [1], [-1], [2]]);
  });

  it('fails the whole batch at once when the database is out of reach (no input would do better alone)', async () => {
    const { batch, runs } = doubling(() => new DatabaseUnavailableError(new Error('ECONNREFUSED')));
    const answers = await Promise.allSettled([batch.add(1), batch.add(-1)]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    expect(answers[0]).toMatchObject({ reason: { name: 'DatabaseUnavailableError' } });
    expect(runs).toEqual([[1, -1]]);
  });
});
