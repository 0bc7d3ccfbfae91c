import { type Server, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type BugzillaError, errors } from '../bugzilla/errors.js';
import { renderError } from './error-response.js';

const STATUS_BY_PARSER_ERROR: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_URI_TOO_LONG: 414,
  // Node's headersTimeout / requestTimeout passed before the request was whole.
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

const REASON_BY_STATUS: Record<number, string> = {
  431: 'its headers are too large',
  414: 'its URL is too long',
  408: 'it did not arrive in time',
};

/** How long an error answer may take to leave before its socket is destroyed anyway. */
export const FLUSH_MS = 1000;

/** An error as the protocol at `path` answers it (`/xmlrpc.cgi`: a fault), or undefined for REST's JSON. */
export type EnvelopeFor = (path: string, error: BugzillaError) => { contentType: string; body: string } | undefined;

/**
 * Requests Node's HTTP parser rejects never reach the app (oversized headers,
 * malformed HTTP). Answer them with a Bugzilla-shaped error too, in the envelope of
 * the protocol the request line names, where the socket still allows, instead of
 * Node's bare 400.
 */
export function answerClientErrorsWithJson(server: Server, envelopeFor?: EnvelopeFor): void {
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = STATUS_BY_PARSER_ERROR[error.code ?? ''] ?? 400;
    const reason = REASON_BY_STATUS[status] ?? 'it is not valid HTTP';
    const requestLine = error.rawPacket?.subarray(0, 256).toString('latin1') ?? '';
    // Node's request timer can fire after the app began its answer (a body still arriving): a
    // second answer would corrupt the first, so the socket only goes.
    if ((socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const { headers, body } = refusalAnswer(
      requestPath(requestLine),
      errors.unreadableRequest(reason, status),
      envelopeFor,
    );
    // An answer to HEAD carries no body, even an error (else the client reads it as a second response).
    const head = requestLine.startsWith('HEAD ');
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      `Content-Length: ${Buffer.byteLength(body)}`,
      // The parser has lost its place in the stream, so nothing after this request can be read.
      'Connection: close',
    ];
    // Destroyed, not only ended: a client that never closes its side would otherwise hold the
    // socket (FIN-WAIT-2), and it would go on counting against the connection cap.
    const flushed = setTimeout(() => socket.destroy(), FLUSH_MS).unref();
    socket.end(`${lines.join('\r\n')}\r\n\r\n${head ? '' : body}`, () => {
      clearTimeout(flushed);
      socket.destroy();
    });
  });
}

/** The path a request line names (`POST /xmlrpc.cgi HTTP/1.1` → `/xmlrpc.cgi`), or '' when it names none. */
export function requestPath(requestLine: string): string {
  return /^[A-Z]+ ([^ ?]*)/.exec(requestLine)?.[1] ?? '';
}

/** A refusal's headers and body, in the envelope of the protocol at `path` (REST's JSON otherwise). */
export function refusalAnswer(
  path: string,
  refusal: BugzillaError,
  envelopeFor: EnvelopeFor | undefined,
): { headers: Record<string, string>; body: string } {
  const rendered = renderError(refusal);
  const envelope = envelopeFor?.(path, refusal);
  if (envelope) rendered.headers['Content-Type'] = envelope.contentType;
  return { headers: rendered.headers, body: envelope ? envelope.body : rendered.body };
}
