import type { Middleware } from 'koa';
import type { Clock } from '../bugzilla/clock.js';
import type { ApiState } from '../http/respond.js';
import { loadRecordings } from '../import/recordings/load-recordings.js';
import { proxy } from './proxy.js';
import { ProxyRecording } from './proxy-recording.js';
import { Replayer, replay } from './replay.js';

/** Where answers come from besides the store: a real tracker (`--proxy`, maybe `--record`) or recordings (`--replay`). */
export interface UpstreamOptions {
  /** The real tracker's base URL: every request is forwarded there. */
  proxy?: string | undefined;
  /** With `proxy`: write each exchange into this directory from the start. */
  record?: string | undefined;
  /** Answer from the recordings in this directory. */
  replay?: string | undefined;
  /** With `replay`: what no recording matches is answered from the store. */
  fallback?: boolean | undefined;
}

export interface Upstream {
  middleware: Middleware<ApiState> | undefined;
  /** The admin API's handle on recording (a proxy's; without one it says only a proxy records). */
  recording: ProxyRecording;
  /** One line for the banner, when there is anything to say. */
  note: string | undefined;
  /** Every request but the admin API's is answered here (a proxy; a replay without --fallback): no store of its own. */
  answersAll: boolean;
  /** Back to the start, with the server's reset: replayed recordings answer in their order again. */
  reset: () => void;
}

/** A wrong combination of the options, named as the command line spells them. */
export class UpstreamOptionsError extends Error {
  override readonly name = 'UpstreamOptionsError';
}

/** Checks the options together and builds the middleware that answers in the store's place. */
export function upstream(
  options: UpstreamOptions,
  clock: Clock,
  bodyLimitBytes: number,
  log?: (line: string) => void,
): Upstream {
  if (options.proxy !== undefined && options.replay !== undefined) {
    throw new UpstreamOptionsError('--proxy and --replay go separately: record from a tracker, then replay offline');
  }
  if (options.record !== undefined && options.proxy === undefined) {
    throw new UpstreamOptionsError('--record needs --proxy URL (the tracker to record)');
  }
  if (options.fallback && options.replay === undefined) {
    throw new UpstreamOptionsError('--fallback goes with --replay DIR');
  }
  if (options.proxy !== undefined) {
    let target: URL;
    try {
      target = new URL(options.proxy);
    } catch {
      throw new UpstreamOptionsError(`--proxy must be an http:// or https:// URL, not "${options.proxy}"`);
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new UpstreamOptionsError(`--proxy must be an http:// or https:// URL, not "${options.proxy}"`);
    }
    const recording = new ProxyRecording(target.href, options.record, log);
    if (options.record !== undefined) recording.recorder.start(options.record);
    return {
      middleware: proxy({ target: target.href, recorder: recording.recorder, clock, bodyLimitBytes }),
      recording,
      reset: () => {},
      answersAll: true,
      note: `proxy: forwarding to ${target.href}${options.record === undefined ? '' : `, recording into ${options.record}`}`,
    };
  }
  const recording = new ProxyRecording(null, undefined, log);
  if (options.replay !== undefined) {
    const replayer = new Replayer(loadRecordings(options.replay));
    return {
      middleware: replay({ replayer, fallback: options.fallback ?? false, bodyLimitBytes }),
      recording,
      reset: () => replayer.rewind(),
      answersAll: !options.fallback,
      note: `replay: ${replayer.size} recordings from ${options.replay}${options.fallback ? ', the rest from the store' : ''}`,
    };
  }
  return { middleware: undefined, recording, note: undefined, reset: () => {}, answersAll: false };
}
