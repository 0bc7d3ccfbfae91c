import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { hasNoBody } from './read-body.js';

/** What the cap knows of a held socket: made once per connection, updated per request. */
interface Held {
  /** Requests being answered on it (more than one when pipelined). */
  answering: number;
  /** Its latest request, and when it came and how much the socket had read then: how fast its body arrives. */
  request: IncomingMessage | undefined;
  since: number;
  bytesBefore: number;
}

/**
 * Holds at most `cap` sockets, keeping room for new clients: a connection past the cap closes
 * the oldest one that no request is being answered on (an idle keep-alive, or one that has not
 * finished its headers), so sockets that send nothing cannot keep everyone else out. When every
 * held socket is being answered, the one whose request body arrives slowest goes (a client that
 * trickles bodies a byte a second would otherwise hold every slot until its bodies' time is up,
 * http/body-deadline.ts); only when no body is arriving on any is the newcomer closed instead.
 */
export function capConnections(server: Server, cap: number, now: () => number = Date.now): void {
  // Insertion order is age: a socket moves to the end whenever its answer is done.
  const idle = new Set<Socket>();
  const held = new Map<Socket, Held>();
  server.on('connection', (socket: Socket) => {
    held.set(socket, { answering: 0, request: undefined, since: 0, bytesBefore: 0 });
    socket.once('close', () => {
      idle.delete(socket);
      held.delete(socket);
    });
    if (held.size > cap) {
      const oldest = idle.values().next();
      const evicted = oldest.done ? slowestReader(held, now()) : oldest.value;
      if (evicted === undefined) {
        socket.destroy();
        return;
      }
      idle.delete(evicted);
      evicted.destroy();
    }
    idle.add(socket);
  });
  // One listener for every answer, not a closure per request: the cap runs on every request.
  function answered(this: ServerResponse): void {
    const socket = this.req.socket;
    const state = held.get(socket);
    if (state === undefined) return;
    state.answering--;
    if (state.answering === 0 && !socket.destroyed) idle.add(socket);
  }
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const state = held.get(socket);
    if (state === undefined) return;
    idle.delete(socket);
    state.answering++;
    // Only a request with a body can be read slowly: the others need no clock.
    if (hasNoBody(request)) {
      state.request = undefined;
    } else {
      state.request = request;
      state.since = now();
      state.bytesBefore = socket.bytesRead;
    }
    response.on('close', answered);
  });
}

/** The socket whose request body has come slowest so far (bytes per millisecond), of those still sending one. */
function slowestReader(held: ReadonlyMap<Socket, Held>, at: number): Socket | undefined {
  let slowest: Socket | undefined;
  let slowestRate = Number.POSITIVE_INFINITY;
  for (const [socket, state] of held) {
    if (state.answering === 0 || state.request === undefined || state.request.complete) continue;
    const rate = (socket.bytesRead - state.bytesBefore) / Math.max(1, at - state.since);
    if (rate < slowestRate) {
      slowest = socket;
      slowestRate = rate;
    }
  }
  return slowest;
}
