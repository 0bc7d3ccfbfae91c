import { parentPort, workerData } from 'node:worker_threads';
import type { StoreSnapshot } from '../snapshot.js';
import { DurableJsonFile } from './durable-json-file.js';
import { foldJournal } from './fold-journal.js';

/**
 * The worker thread that folds a set-aside journal into the data file (see fold-in-worker.ts),
 * so that building and writing a large snapshot never holds the server's event loop.
 * A failure ends the worker with the error, which the main thread reports.
 */
export interface FoldJob {
  dataPath: string;
  journalPath: string;
}

const { dataPath, journalPath } = workerData as FoldJob;
await foldJournal(new DurableJsonFile<StoreSnapshot>(dataPath), journalPath);
parentPort?.postMessage('folded');
