/**
 * A process that writes visits through a PostgresStore until it is killed, for
 * the kill -9 test: `node visit-writer-process.js URL WRITERS`. Writer w writes
 * user w + 1's visits of bugs 1..10 with rising timestamps and prints
 * `ack USER BUG TS` only after the write resolved, i.e. once it is committed.
 */
import { PostgresStore } from '../src/stores/postgres/postgres-store.js';

const [url, writers = '4'] = process.argv.slice(2);
if (!url) throw new Error('usage: visit-writer-process.js DATABASE_URL [WRITERS]');
const store = await PostgresStore.open(url);
const writer = async (w: number) => {
  for (let n = 0; ; n++) {
    const bug = (n % 10) + 1;
    const ts = 2_100_000_000 + n;
    await store.recordVisits(w + 1, [bug], ts);
    process.stdout.write(`ack ${w + 1} ${bug} ${ts}\n`);
  }
};
await Promise.all(Array.from({ length: Number(writers) }, (_, w) => writer(w)));
