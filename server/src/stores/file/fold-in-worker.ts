import { Worker } from 'node:worker_threads';
import type { FoldJob } from './fold-worker.js';
import { foldWorkerUrl } from './fold-worker-url.js';

/**
 * Folds a set-aside journal into the data file on a worker thread (fold-worker.ts): the
 * snapshot is parsed, replayed, encoded and written there, while this thread keeps serving.
 * Resolves once the new data file is durable; rejects if the fold failed, the worker died or `signal` stopped it.
 */
export function foldInWorker(dataPath: string, journalPath: string, signal?: AbortSignal): Promise<void> {
  const job: FoldJob = { dataPath, journalPath };
  return new Promise((resolve, reject) => {
    const worker = new Worker(foldWorkerUrl, { workerData: job });
    // Stopped (a shutdown that will not wait): the data file is as it was, or whole and new, as the
    // rename is the fold's last step; its temp file is removed at the next open.
    signal?.addEventListener('abort', () => void worker.terminate(), { once: true });
    let folded = false;
    worker.once('message', () => {
      folded = true;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (folded) resolve();
      else reject(new Error(`the fold worker stopped (exit code ${code}) before the data file was written`));
    });
  });
}
