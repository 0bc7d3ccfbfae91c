import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HeardPost {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/**
 * A webhook's listener on loopback for a test: it keeps every JSON post, and answers each with the
 * next status of `statuses` (then 200), so a test can make it fail as a listener that is down does.
 */
export async function webhookListener(statuses: number[] = []) {
  const heard: HeardPost[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      heard.push({
        path: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
      });
      response.statusCode = statuses.shift() ?? 200;
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    heard,
    /** The statuses the next posts get, in order. */
    failNext: (...next: number[]) => statuses.push(...next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
