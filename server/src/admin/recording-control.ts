import type { RecordingState } from '@bz-companion/shared';

/** Starting and stopping `--record` over the admin API; the proxy (test-double/) provides it. */
export interface RecordingControl {
  state(): RecordingState;
  /** Starts writing into `dir` (or the one `--record` named); AdminError 400 when it cannot. */
  start(dir: string | undefined): RecordingState;
  stop(): RecordingState;
}
