import { Agent, get } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { CLI, spawnListening } from '@bz-companion/server/testing';
import { percentiles } from './extension-figures.js';
import type { Row, Target } from './report.js';

/** One distribution asked of `serve --latency`, on a path of its own, and the p50 and p99 it should give. */
interface Asked {
  spec: string;
  path: string;
  label: string;
  p50: number;
  p99: number;
}

const ASKED: Asked[] = [
  { spec: 'fixed:25@/rest/time', path: '/rest/time', label: 'fixed 25 ms', p50: 25, p99: 25 },
  // Uniform from 10 to 50: its p50 is 30 and its p99 49.6.
  { spec: 'uniform:10-50@/rest/timezone', path: '/rest/timezone', label: 'uniform 10-50 ms', p50: 30, p99: 49.6 },
  {
    spec: 'lognormal:40/200@/rest/version',
    path: '/rest/version',
    label: 'log-normal, median 40 ms, p99 200 ms',
    p50: 40,
    p99: 200,
  },
];

const TOLERANCE = 0.1;

/**
 * One GET's round trip in milliseconds, over `agent`'s kept-alive sockets. node:http, not fetch:
 * fetch's own work per request (undici's streams and promises) put a few milliseconds of the
 * client's pauses into the p99 on two cores, which a fixed delay has no spread to hide.
 */
function timedGet(url: string, agent: Agent): Promise<{ ms: number; ok: boolean }> {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    get(url, { agent }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve({ ms: performance.now() - began, ok: (answer.statusCode ?? 500) < 400 }));
    }).on('error', reject);
  });
}
const WARM_UP = 40;

/**
 * Latency as a client measures it back: `serve --latency` with three distributions on three
 * paths, `requests` answers timed per path (`concurrency` at a time), and their p50 and p99 held
 * to what was asked, within 10 %. What the client measures includes the machine's own latency; the
 * delays the server drew (the journal's `delay_ms`) are shown beside it, free of that.
 */
export async function measureLatency(requests: number, concurrency = 4): Promise<{ rows: Row[]; targets: Target[] }> {
  const server = await spawnListening([
    CLI,
    'serve',
    '--in-memory',
    '--admin',
    '--port',
    '0',
    ...ASKED.flatMap((asked) => ['--latency', asked.spec]),
  ]);
  const rows: Row[] = [];
  const targets: Target[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    for (const asked of ASKED) {
      // Warm-up first (connections, the server's first compiles), left out of the figures.
      for (let i = 0; i < WARM_UP; i++) await timedGet(`${server.url}${asked.path}`, agent);
      const latencies: number[] = [];
      let errors = 0;
      let next = 0;
      // Workers start a fraction of the median apart: with a fixed delay they would otherwise answer
      // in lockstep, and each would wait for the others' answers to be read before its own.
      const worker = async (index: number) => {
        await sleep((index * asked.p50) / concurrency);
        while (next < requests) {
          next++;
          const { ms, ok } = await timedGet(`${server.url}${asked.path}`, agent);
          if (!ok) errors++;
          latencies.push(ms);
        }
      };
      await Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index)));
      const { p50, p99 } = percentiles(latencies);
      const journal = (await (await fetch(`${server.url}/__admin/requests`)).json()) as {
        requests: Array<{ path: string; delay_ms: number; duration_ms: number }>;
      };
      const journaled = journal.requests.filter((r) => r.path === asked.path);
      const drawn = percentiles(journaled.map((r) => r.delay_ms));
      // How long the server took from arrival to answer, so a tail the client alone adds shows as such.
      const answered = percentiles(journaled.map((r) => r.duration_ms));
      const off = (measured: number, wanted: number) => Math.abs(measured / wanted - 1);
      console.error(`  latency ${asked.label}: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
      rows.push({
        name: `GET ${asked.path} with --latency ${asked.spec.split('@')[0]}`,
        server: `bz-companion --latency (${asked.label}; ${latencies.length} requests)`,
        req_per_s: Number.NaN,
        p50_ms: p50,
        p99_ms: p99,
        ratio_to_ceiling: Number.NaN,
        errors,
      });
      targets.push({
        what: `latency ${asked.label}: measured p50 and p99 within 10 % of ${asked.p50} and ${asked.p99} ms`,
        measured:
          `p50 ${p50.toFixed(1)} ms (${(100 * off(p50, asked.p50)).toFixed(1)} % off), p99 ${p99.toFixed(1)} ms ` +
          `(${(100 * off(p99, asked.p99)).toFixed(1)} % off); drawn by the server: p50 ${drawn.p50.toFixed(1)}, p99 ${drawn.p99.toFixed(1)} ms; ` +
          `answered by the server: p50 ${answered.p50.toFixed(1)}, p99 ${answered.p99.toFixed(1)} ms`,
        met: off(p50, asked.p50) <= TOLERANCE && off(p99, asked.p99) <= TOLERANCE,
      });
    }
  } finally {
    agent.destroy();
    await server.stop();
  }
  return { rows, targets };
}
