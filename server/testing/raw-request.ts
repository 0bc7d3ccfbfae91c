import { request } from 'node:http';

export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /**
   * How the body goes: at once; `trickled`, a few bytes at a time with pauses between them (a slow
   * client within the body's time); `cut`, its first half and then the connection dropped (the
   * client went away mid-body: no answer is read).
   */
  delivery?: 'whole' | 'trickled' | 'cut';
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Sends exactly the request given, through node:http rather than fetch, which
 * would refuse or rewrite some of what a fuzzer sends (methods, headers, bodies on GET).
 */
export function sendRaw(baseUrl: string, raw: RawRequest): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: hostname, port, method: raw.method, path: raw.path, headers: raw.headers, agent: false },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    const body = raw.body === undefined ? undefined : Buffer.from(raw.body);
    if (body === undefined || raw.delivery === undefined || raw.delivery === 'whole') {
      outgoing.end(body);
      return;
    }
    // Its length is told first, as a client that means to send all of it does.
    if (!Object.keys(raw.headers).some((name) => name.toLowerCase() === 'content-length')) {
      outgoing.setHeader('Content-Length', body.length);
    }
    if (raw.delivery === 'cut') {
      outgoing.write(body.subarray(0, Math.floor(body.length / 2)), () => {
        outgoing.destroy();
        reject(new CutRequest());
      });
      return;
    }
    trickle(outgoing, body);
  });
}

/** The client dropped its request mid-body on purpose (RawRequest.delivery `cut`). */
export class CutRequest extends Error {
  override readonly name = 'CutRequest';
}

/** The body in eight pieces, 20 ms apart. */
function trickle(outgoing: ReturnType<typeof request>, body: Buffer): void {
  const size = Math.max(1, Math.ceil(body.length / 8));
  let offset = 0;
  const next = () => {
    if (outgoing.destroyed) return;
    const piece = body.subarray(offset, offset + size);
    offset += size;
    if (offset >= body.length) outgoing.end(piece);
    else outgoing.write(piece, () => setTimeout(next, 20));
  };
  next();
}
