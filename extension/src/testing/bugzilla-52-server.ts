import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Bugzilla52 } from './bugzilla-52.js';

/**
 * The recorded Bugzilla 5.2 on a loopback port, for a browser: its REST
 * answers come from the recordings (Bugzilla52), and `show_bug.cgi` is a
 * plain page, enough for the extension to see a bug page load.
 */
export async function serveBugzilla52() {
  let tracker = new Bugzilla52();
  const server = createServer(async (incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', tracker.origin);
    if (url.pathname === '/show_bug.cgi') {
      outgoing.writeHead(200, { 'Content-Type': 'text/html; charset=UTF-8' });
      outgoing.end(`<!doctype html><title>Bug ${url.searchParams.get('id')}</title><h1>Bug</h1>`);
      return;
    }
    const answer = await tracker.fetch(url.toString(), { method: incoming.method ?? 'GET' });
    outgoing.writeHead(answer.status, { 'Content-Type': answer.headers.get('Content-Type') ?? 'text/plain' });
    outgoing.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tracker = new Bugzilla52(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return {
    tracker,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
