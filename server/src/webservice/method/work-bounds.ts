import type { BodyParams } from '../../bugzilla/body-params.js';
import { errors } from '../../bugzilla/errors.js';

/**
 * What one call of a method may cost. Every call meets its method's bounds on the one path all
 * calls take (runEndpoint for the request, each protocol's renderer for the answer), so a
 * method is bounded the day it enters the route table; a route names only the bounds it needs
 * other than the defaults (RouteSpec.bounds).
 */
export interface WorkBounds {
  /** The most different values one parameter may hold: a repeated query name, an array anywhere in the body. */
  values: number;
  /** The most bytes the answer may take, as JSON. */
  answerBytes: number;
  /** The most seconds a read (a GET method) may wait for its store before it is given up. */
  seconds: number;
}

export const DEFAULT_WORK_BOUNDS: Readonly<WorkBounds> = Object.freeze({
  values: 1000,
  answerBytes: 32 * 1024 * 1024,
  seconds: 10,
});

/** A route's own bounds, the defaults for those it does not name. */
export function boundsWith(own: Partial<WorkBounds>): WorkBounds {
  return {
    values: own.values ?? DEFAULT_WORK_BOUNDS.values,
    answerBytes: own.answerBytes ?? DEFAULT_WORK_BOUNDS.answerBytes,
    seconds: own.seconds ?? DEFAULT_WORK_BOUNDS.seconds,
  };
}

/** Repeats cost a method too before it drops them: a parameter holds at most this many times `values` in all. */
const REPEATS = 10;

/** Refuses a request with a parameter holding more values than `limit` (bounds.values). */
export function checkValueCounts(query: URLSearchParams, body: BodyParams | null, limit: number): void {
  // No name can hold more values than the query has.
  if (query.size > limit) checkQuery(query, limit);
  if (body !== null) checkBody(body, limit);
}

function checkQuery(query: URLSearchParams, limit: number): void {
  const byName = new Map<string, string[]>();
  for (const [name, value] of query) {
    const values = byName.get(name);
    if (values) values.push(value);
    else byName.set(name, [value]);
  }
  for (const [name, values] of byName) checkList(name, values, limit);
}

/** Deeper than any method's parameters go (Bug.update's flags are three levels): no handler recurses further. */
const MAX_NESTING = 32;

/** Every array and object in the body, at any depth; iterative, as a body may nest thousands deep. */
function checkBody(body: BodyParams, limit: number): void {
  const names: string[] = ['params'];
  const values: unknown[] = [body];
  const depths: number[] = [0];
  while (values.length > 0) {
    const value = values.pop();
    const name = names.pop() as string;
    const depth = depths.pop() as number;
    // Bytes (an XML-RPC <base64>, or a <string> where the method takes bytes) are one value: the method
    // bounds their size itself (Bug.add_attachment's maxattachmentsize), not as a list of their bytes.
    if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) continue;
    if (depth > MAX_NESTING) throw errors.nestedTooDeep(name, MAX_NESTING);
    const push = (itemName: string, item: unknown) => {
      names.push(itemName);
      values.push(item);
      depths.push(depth + 1);
    };
    if (Array.isArray(value)) {
      checkList(name, value, limit);
      for (const item of value) push(name, item);
      continue;
    }
    const keys = Object.keys(value);
    if (keys.length > limit) throw errors.tooManyValues(name, limit);
    for (const key of keys) push(name === 'params' ? key : `${name}.${key}`, (value as Record<string, unknown>)[key]);
  }
}

function checkList(name: string, values: readonly unknown[], limit: number): void {
  if (values.length <= limit) return;
  // Objects count as different whatever they hold (by identity): only repeated scalars are dropped.
  if (values.length > limit * REPEATS || new Set(values).size > limit) throw errors.tooManyValues(name, limit);
}

/**
 * The read's answer, or the refusal once `seconds` have passed without one. The read itself is
 * not stopped (a store query cannot be recalled), but the client is answered and its
 * connection freed; only reads are timed, so no write is ever refused that then lands.
 */
export function withinTime<T>(answer: Promise<T>, seconds: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(errors.tookTooLong(seconds)), seconds * 1000);
    answer.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
