import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errors } from './bugzilla/errors.js';
import { BODY_TIMEOUT_MS, boundBodyTime } from './http/body-deadline.js';
import { answerClientErrorsWithJson } from './http/client-error.js';
import { sendError } from './http/error-response.js';
import { rpcEnvelopeFor } from './webservice/rpc/rpc-envelope.js';

class PortInUseError extends Error {
  override readonly name = 'PortInUseError';
}

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface BoundPort {
  server: Server;
  /** The address bound, e.g. `127.0.0.1` or `::1`. */
  address: string;
  /** `http://HOST:PORT`, without a trailing slash. */
  baseUrl: string;
  /** Starts answering with the app; until then every request is told the server is starting (503). */
  serveWith(handler: RequestHandler): void;
}

/** Node's own (its default): a request's headers must arrive within it, else 408. */
const HEADERS_TIMEOUT_MS = 60_000;

export interface PortTimeouts {
  /** How long a request body may take after its headers (BODY_TIMEOUT_MS). */
  bodyMs?: number;
}

/**
 * Binds the port before anything else, so a port in use is reported before
 * the data file is touched. Requests the HTTP parser refuses get JSON errors;
 * headers and then a body each have their time (60 s), and are answered 408 past it.
 */
export async function bindPort(host: string, port: number, timeouts: PortTimeouts = {}): Promise<BoundPort> {
  let handler: RequestHandler = (_request, response) => sendError(response, errors.starting());
  const bodyMs = timeouts.bodyMs ?? BODY_TIMEOUT_MS;
  const server = createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      // Node's whole-request timer, a last resort behind boundBodyTime (its default is 300 s).
      requestTimeout: HEADERS_TIMEOUT_MS + bodyMs + HEADERS_TIMEOUT_MS,
    },
    (request, response) => handler(request, response),
  );
  answerClientErrorsWithJson(server, rpcEnvelopeFor);
  boundBodyTime(server, bodyMs, rpcEnvelopeFor);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        reject(
          new PortInUseError(
            `port ${port} on ${host} is already in use; pick another with --port N (or PORT=N), or --port 0 for any free one`,
          ),
        );
      else if (error.code === 'EACCES')
        reject(new PortInUseError(`no permission to listen on port ${port} on ${host}`));
      else reject(error);
    });
    server.listen(port, host, resolve);
  });
  const bound = server.address() as AddressInfo;
  const hostForUrl = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
  return {
    server,
    address: bound.address,
    baseUrl: `http://${hostForUrl}:${bound.port}`,
    serveWith(next) {
      handler = next;
    },
  };
}
