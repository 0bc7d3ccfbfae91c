import { type Server, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errors } from '../domain/errors.js';
import { renderError } from './error-response.js';

const STATUS_BY_PARSER_ERROR: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_URI_TOO_LONG: 414,
};

/**
 * Requests Node's HTTP parser rejects never reach the app (oversized headers,
 * malformed HTTP). Answer them with a Bugzilla-shaped JSON error too, where the
 * socket still allows, instead of Node's bare 400.
 */
export function answerClientErrorsWithJson(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = STATUS_BY_PARSER_ERROR[error.code ?? ''] ?? 400;
    const reason =
      status === 431 ? 'its headers are too large' : status === 414 ? 'its URL is too long' : 'it is not valid HTTP';
    const { headers, body } = renderError(errors.unreadableRequest(reason, status));
    // An answer to HEAD carries no body, even an error (else the client reads it as a second response).
    const head = error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      `Content-Length: ${Buffer.byteLength(body)}`,
      // The parser has lost its place in the stream, so nothing after this request can be read.
      'Connection: close',
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${head ? '' : body}`);
  });
}
