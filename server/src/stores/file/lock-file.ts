import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/** Another live process holds the data file. */
class DataFileInUseError extends Error {
  override readonly name = 'DataFileInUseError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<data>.lock`, holding our pid, so two servers never write one data
 * file. A lock left by a process that is gone (kill -9) is taken over.
 * Returns the release function.
 */
export function acquireLock(dataPath: string): () => void {
  const lockPath = `${dataPath}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = Number.NaN;
    try {
      owner = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    } catch {
      // Vanished or unreadable between our two calls: try again.
    }
    if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
      throw new DataFileInUseError(
        `data file ${dataPath} is in use by another bz-companion process (pid ${owner}); stop it first or use another --data file`,
      );
    }
    try {
      unlinkSync(lockPath);
    } catch {
      // Someone else removed the stale lock first.
    }
  }
  throw new DataFileInUseError(`data file ${dataPath} is locked (${lockPath}) and the lock could not be taken`);
}
