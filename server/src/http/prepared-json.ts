import { etagOf } from './etag.js';

/**
 * An answer whose JSON text and ETag are made once and then sent as they are. For answers that
 * repeat exactly while the data they come from stays the same object (the parameters): making
 * the same JSON on every request was a third of `GET /rest/parameters`'s cost. The value must
 * not change after it is prepared.
 */
// `T` is the type of what it holds, so a route's answer is checked against the API map like any other.
export class PreparedJson<T = unknown> {
  readonly json: string;
  #etag: string | undefined = undefined;
  #bytes: Buffer | undefined = undefined;

  constructor(readonly value: T) {
    this.json = JSON.stringify(value);
  }

  get etag(): string {
    this.#etag ??= etagOf(this.json);
    return this.#etag;
  }

  /** The JSON as UTF-8, encoded once: a string body is encoded again on every send (most of a large answer's cost). */
  get bytes(): Buffer {
    this.#bytes ??= Buffer.from(this.json, 'utf8');
    return this.#bytes;
  }
}
