import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { foldJournal } from './fold-journal.js';
import { RecordFile } from './record-file.js';

/**
 * The worker thread that folds a set-aside journal into the data file (see fold-in-worker.ts),
 * so that building and writing a large snapshot never holds the server's event loop.
 * A failure ends the worker with the error, which the main thread reports.
 */
export interface FoldJob {
  dataPath: string;
  journalPath: string;
}

/**
 * On Linux a thread has a nice value of its own: this one takes the lowest, so on a busy machine
 * the serving thread wins the CPU and the fold takes what is left. Elsewhere (no /proc/thread-self)
 * the fold runs at the process's priority.
 */
function yieldTheCpuToServing(): void {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 19);
  } catch {
    // Not Linux, or not allowed: the fold only competes a little more.
  }
}

yieldTheCpuToServing();
const { dataPath, journalPath } = workerData as FoldJob;
await foldJournal(new RecordFile(dataPath), journalPath);
parentPort?.postMessage('folded');
