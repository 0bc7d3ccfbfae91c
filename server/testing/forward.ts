import { type IncomingMessage, request, type ServerResponse } from 'node:http';

/** Passes one request on to `target` (an http URL) and its answer back, untouched: for test proxies. */
export function forward(incoming: IncomingMessage, outgoing: ServerResponse, target: URL): void {
  const upstream = request(
    {
      host: target.hostname,
      port: target.port,
      path: incoming.url,
      method: incoming.method,
      headers: incoming.headers,
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  upstream.on('error', () => outgoing.destroy());
  incoming.pipe(upstream);
}
