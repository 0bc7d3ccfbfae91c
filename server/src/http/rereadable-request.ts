import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

/**
 * The same request with its body readable once more, for a layer that had to read it before
 * the handlers that read it themselves (replay's fallback to the store, --validate on RPC calls).
 */
export function rereadable(original: IncomingMessage, body: Buffer): IncomingMessage {
  const stream = Readable.from([body]) as unknown as IncomingMessage;
  return Object.assign(stream, {
    headers: original.headers,
    method: original.method,
    url: original.url,
    socket: original.socket,
    httpVersion: original.httpVersion,
  });
}
