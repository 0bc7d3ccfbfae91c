import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answerClientErrorsWithJson } from './client-error.js';
import { capConnections } from './connection-cap.js';

let server: Server;
let port: number;
const sockets: Socket[] = [];

async function listen(cap: number, timeouts: { headersTimeout?: number } = {}) {
  server = createServer(
    { ...timeouts, ...(timeouts.headersTimeout ? { requestTimeout: timeouts.headersTimeout * 2 } : {}) },
    (_request, response) => response.end('ok'),
  );
  // Node checks header timeouts on an interval (30 s unless set): a short one for the test.
  if (timeouts.headersTimeout)
    (server as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval = 50;
  answerClientErrorsWithJson(server);
  capConnections(server, cap);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A client socket that never closes its side by itself (as an idle attacker's). */
function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    sockets.push(socket);
    socket.once('error', reject);
    socket.once('connect', () => resolve(socket));
  });
}

const connections = () => new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));
/** The server closed its side (the client's side stays open: allowHalfOpen). */
const ended = (socket: Socket) => new Promise<void>((resolve) => socket.once('end', () => resolve()));

async function get(): Promise<string> {
  const socket = await open();
  socket.end('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk;
  });
  await ended(socket);
  return text;
}

describe('the connection cap', () => {
  it('keeps room for new clients: a connection past the cap closes the oldest one not being answered', async () => {
    await listen(5);
    const idle = await Promise.all(Array.from({ length: 5 }, open));
    const gone = idle.map(ended);
    for (let n = 0; n < 5; n++) expect(await get()).toMatch(/^HTTP\/1\.1 200 /);
    // The first newcomer made room by closing the oldest; the others found that room.
    await gone[0];
    expect(idle.filter((socket) => socket.readableEnded)).toEqual([idle[0]]);
  });

  it('closes the oldest idle keep-alive connection first, not a newer one', async () => {
    await listen(2);
    const first = await open();
    first.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => first.once('data', resolve));
    const second = await open();
    const firstGone = ended(first);
    expect(await get()).toMatch(/^HTTP\/1\.1 200 /);
    await firstGone;
    expect(second.readableEnded).toBe(false);
  });

  it('never closes a connection whose request is being answered; the newcomer goes instead', async () => {
    server = createServer(() => {});
    capConnections(server, 1);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    const busy = await open();
    busy.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => server.once('request', resolve));
    const late = await open();
    await ended(late);
    expect(busy.readableEnded).toBe(false);
  });
});

describe('a connection that never finishes its headers', () => {
  it('is answered 408 and then destroyed, so it no longer counts', async () => {
    await listen(10, { headersTimeout: 300 });
    const slow = await open();
    slow.write('GET / HTTP/1.1\r\nHost: x\r\n');
    let text = '';
    slow.on('data', (chunk) => {
      text += chunk;
    });
    await new Promise((resolve) => slow.once('end', resolve));
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(text).toContain('"code":32000');
    // The client never closes its side: the server must not wait for it (FIN-WAIT-2).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await connections()).toBe(0);
  });
});
