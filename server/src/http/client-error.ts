import { type Server, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { DOCUMENTATION_URL } from '../errors.js';

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
    const body = JSON.stringify({
      error: true,
      code: 32000,
      message: `The request could not be read: ${reason}.`,
      documentation: DOCUMENTATION_URL,
    });
    // An answer to HEAD carries no body, even an error (else the client reads it as a second response).
    const head = error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=UTF-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Access-Control-Allow-Origin: *\r\n' +
        'Connection: close\r\n\r\n' +
        (head ? '' : body),
    );
  });
}
