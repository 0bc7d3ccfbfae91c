import { connect, type Socket } from 'node:net';

export interface ParsedResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/**
 * One TCP connection speaking HTTP/1.1 by hand, to test what happens to the
 * connection itself (keep-alive after a refused upload), which fetch and
 * node:http hide behind their pools. Answers must carry Content-Length.
 */
export class HttpConnection {
  readonly #socket: Socket;
  #received = Buffer.alloc(0);
  #closed = false;
  #wake: (() => void) | null = null;

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.#received = Buffer.concat([this.#received, chunk]);
      this.#wake?.();
    });
    const closed = () => {
      this.#closed = true;
      this.#wake?.();
    };
    socket.on('close', closed);
    socket.on('error', closed);
  }

  static open(baseUrl: string): Promise<HttpConnection> {
    const { hostname, port } = new URL(baseUrl);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => resolve(new HttpConnection(socket)));
      socket.once('error', reject);
    });
  }

  write(data: string | Buffer): void {
    this.#socket.write(data);
  }

  /** The next whole answer, or null if the server closed (or reset) the connection first. */
  async nextResponse(): Promise<ParsedResponse | null> {
    for (;;) {
      const parsed = this.#takeResponse();
      if (parsed) return parsed;
      if (this.#closed) return null;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
  }

  close(): void {
    this.#socket.destroy();
  }

  #takeResponse(): ParsedResponse | null {
    const headEnd = this.#received.indexOf('\r\n\r\n');
    if (headEnd < 0) return null;
    const [statusLine = '', ...lines] = this.#received.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const bodyStart = headEnd + 4;
    if (this.#received.length < bodyStart + length) return null;
    const body = this.#received.subarray(bodyStart, bodyStart + length).toString('utf8');
    this.#received = this.#received.subarray(bodyStart + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }
}
