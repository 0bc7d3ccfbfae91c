import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { errors } from '../bugzilla/errors.js';
import { type EnvelopeFor, FLUSH_MS, refusalAnswer, requestPath } from './client-error.js';
import { hasNoBody } from './read-body.js';

/** As long as Node gives a request's headers (its headersTimeout's default): a body gets the same. */
export const BODY_TIMEOUT_MS = 60_000;

/**
 * A request body must have arrived `bodyMs` after its headers, whoever reads it (a method, the
 * RPC endpoints, the admin API, the proxy) or drops it: else the request is answered 408 in its
 * protocol's envelope and its socket destroyed, so a client that trickles a body a byte a
 * second cannot hold a connection (and with enough of them every slot of the connection cap)
 * for the five minutes of Node's own requestTimeout. Requests without a body cost nothing here.
 */
export function boundBodyTime(server: Server, bodyMs: number, envelopeFor?: EnvelopeFor): void {
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.complete || hasNoBody(request)) return;
    const timer = setTimeout(() => overdue(request, response, envelopeFor), bodyMs);
    // 'close': the body was read or dropped to its end, or the socket went.
    request.once('close', () => clearTimeout(timer));
  });
}

function overdue(request: IncomingMessage, response: ServerResponse, envelopeFor: EnvelopeFor | undefined): void {
  if (request.complete) return;
  const { socket } = request;
  // Answered already (a refusal sent before the body was read): the rest of the body only goes.
  if (response.headersSent) {
    socket.destroy();
    return;
  }
  const refusal = errors.unreadableRequest('its body did not arrive in time', 408);
  const { headers, body } = refusalAnswer(requestPath(`${request.method} ${request.url}`), refusal, envelopeFor);
  headers['Content-Length'] = String(Buffer.byteLength(body));
  headers.Connection = 'close';
  response.writeHead(408, headers);
  // Destroyed once sent (or soon if the client reads nothing): the unread body must not hold it.
  const flushed = setTimeout(() => socket.destroy(), FLUSH_MS).unref();
  response.end(request.method === 'HEAD' ? '' : body, () => {
    clearTimeout(flushed);
    socket.destroy();
  });
}
