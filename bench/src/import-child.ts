/**
 * Runs the bz-companion CLI with this process's arguments and, on exit, writes the CPU time it
 * used (user and system, µs) and its peak resident memory (KB) as one JSON line on stderr: on a
 * shared machine the wall time of a command says as much about its neighbours as about it.
 */
import { writeSync } from 'node:fs';

process.on('exit', () => {
  writeSync(2, `\nbench-cpu ${JSON.stringify({ ...process.cpuUsage(), maxRssKb: process.resourceUsage().maxRSS })}\n`);
});
// The CLI reads process.argv itself: this process's arguments are the command's.
await import(new URL('../../server/dist/src/cli/cli.js', import.meta.url).href);
