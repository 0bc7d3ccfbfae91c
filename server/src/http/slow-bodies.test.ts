import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { standardFixture } from '../../testing/fixtures.js';
import { createApp } from '../app.js';
import { type BoundPort, bindPort } from '../bind-port.js';
import { snapshotFromFixture } from '../import/fixture/fixture.js';
import { createMemoryStore } from '../stores/memory/memory-store.js';
import { capConnections } from './connection-cap.js';

/*
 * Clients that send a request's headers and then its body a byte at a time (a slowloris on the
 * body): each body has its time, after which it is answered 408 and its socket goes; and when every
 * slot of the connection cap is taken by them, the slowest goes to make room for a new client.
 */

let port: BoundPort | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  if (port) {
    port.server.closeAllConnections();
    await new Promise((resolve) => port?.server.close(resolve));
  }
  port = undefined;
});

async function serve(bodyMs: number, cap?: number): Promise<number> {
  port = await bindPort('127.0.0.1', 0, { bodyMs });
  if (cap !== undefined) capConnections(port.server, cap);
  port.serveWith(createApp({ store: createMemoryStore(snapshotFromFixture(standardFixture())) }).callback());
  return (port.server.address() as AddressInfo).port;
}

/** A socket that sends a POST's headers promising `length` bytes, then the body's first byte. */
function slowPost(portNumber: number, path: string, contentType: string, length = 100_000): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: portNumber, host: '127.0.0.1', allowHalfOpen: true });
    sockets.push(socket);
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n{`,
      );
      resolve(socket);
    });
  });
}

const connections = () =>
  new Promise<number>((resolve) => port?.server.getConnections((_error, count) => resolve(count)));

/** All the server sent until it closed its side. */
function answerOf(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.once('end', () => resolve(text));
  });
}

describe('a request body that does not arrive in time', () => {
  it('is answered 408 in Bugzilla JSON over REST, and its socket goes', async () => {
    const portNumber = await serve(300);
    const socket = await slowPost(portNumber, '/rest/bug/1/comment', 'application/json');
    const answer = await answerOf(socket);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer).toMatch(/connection: close/i);
    expect(answer).toContain('"code":32000');
    expect(answer).toContain('its body did not arrive in time');
    // The client never closes its side: the server must not wait for it, nor for the rest of the body.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await connections()).toBe(0);
  });

  it('is answered 408 as an XML-RPC fault at /xmlrpc.cgi', async () => {
    const portNumber = await serve(300);
    const answer = await answerOf(await slowPost(portNumber, '/xmlrpc.cgi', 'text/xml'));
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('<name>faultCode</name>');
  });

  it('leaves a body that arrives in time alone', async () => {
    const portNumber = await serve(2000);
    const response = await fetch(`http://127.0.0.1:${portNumber}/rest/bug_user_last_visit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ids: [1] }),
    });
    expect(response.status).not.toBe(408);
    expect(response.status).toBeLessThan(500);
  });
});

describe('every slot of the connection cap taken by slow bodies', () => {
  it('makes room for a new client by closing the slowest of them', async () => {
    // Bodies have all the time of the test: only the cap can free a slot.
    const portNumber = await serve(60_000, 5);
    const slow = await Promise.all(
      Array.from({ length: 5 }, () => slowPost(portNumber, '/rest/bug/1/comment', 'application/json')),
    );
    // The server closed its side (the clients keep theirs open, as an attacker's would).
    // Closed by a FIN ('end') or, when unread bytes were left on the server's side, a reset ('close').
    const closed = slow.map(
      (socket) =>
        new Promise<boolean>((resolve) => {
          socket.once('end', () => resolve(true));
          socket.once('close', () => resolve(true));
        }),
    );
    // One of them keeps sending: it is not the slowest, so it stays.
    const fast = slow[4] as Socket;
    // After the server has read its headers: bytes that came with them would not count as sent since.
    await new Promise((resolve) => setTimeout(resolve, 100));
    fast.write(`"comment": "${'x'.repeat(5000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (let n = 0; n < 3; n++) {
      const response = await fetch(`http://127.0.0.1:${portNumber}/rest/version`, { headers: { Connection: 'close' } });
      expect(response.status).toBe(200);
    }
    // One of the slow ones is closed (the test's own timeout bounds a hang; no time is promised here).
    expect(await Promise.any(closed)).toBe(true);
    // Neither ended nor reset: a reset closes without an 'end'.
    expect(fast.readableEnded).toBe(false);
    expect(fast.destroyed).toBe(false);
  });
});
