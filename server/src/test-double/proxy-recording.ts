import type { RecordingState } from '@bz-companion/shared';
import { AdminError } from '../admin/admin-error.js';
import type { RecordingControl } from '../admin/recording-control.js';
import { Recorder } from './recorder.js';

/** The admin API's handle on recording: only a proxy has exchanges to record. */
export class ProxyRecording implements RecordingControl {
  readonly recorder: Recorder;
  readonly #proxy: string | null;
  readonly #defaultDir: string | undefined;

  constructor(proxy: string | null, defaultDir: string | undefined, log?: (line: string) => void) {
    this.recorder = new Recorder(log);
    this.#proxy = proxy;
    this.#defaultDir = defaultDir;
  }

  state(): RecordingState {
    return { ...this.recorder.state(), proxy: this.#proxy };
  }

  start(dir: string | undefined): RecordingState {
    if (this.#proxy === null) throw new AdminError(400, 'recordings: only a proxy records (serve --proxy URL)');
    const into = dir ?? this.#defaultDir;
    if (into === undefined)
      throw new AdminError(400, 'recordings: say where, {"dir": "DIR"} (no --record DIR was given)');
    try {
      return { ...this.recorder.start(into), proxy: this.#proxy };
    } catch (error) {
      throw new AdminError(400, `recordings: cannot write into ${into}: ${(error as Error).message}`);
    }
  }

  stop(): RecordingState {
    return { ...this.recorder.stop(), proxy: this.#proxy };
  }
}
