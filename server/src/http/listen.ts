import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientErrorsWithJson } from './client-error.js';

export class PortInUseError extends Error {
  override readonly name = 'PortInUseError';
}

export interface Listening {
  server: Server;
  address: AddressInfo;
  /** `http://HOST:PORT`, no trailing slash (IPv6 in brackets). */
  baseUrl: string;
}

/** An HTTP server listening on host:port; a port in use or forbidden rejects with PortInUseError. */
export async function listen(
  host: string,
  port: number,
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<Listening> {
  const server = createServer(handler);
  answerClientErrorsWithJson(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new PortInUseError(`port ${port} on ${host} is already in use`));
      else if (error.code === 'EACCES')
        reject(new PortInUseError(`no permission to listen on port ${port} on ${host}`));
      else reject(error);
    });
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { server, address, baseUrl: `http://${hostForUrl}:${address.port}` };
}
