import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Holds at most `cap` sockets, keeping room for new clients: a connection past the cap closes
 * the oldest one that no request is being answered on (an idle keep-alive, or one that has not
 * finished its headers), so sockets that send nothing cannot keep everyone else out. Only when
 * every held socket is being answered is the newcomer closed instead.
 */
export function capConnections(server: Server, cap: number): void {
  // Insertion order is age: a socket moves to the end whenever its answer is done.
  const idle = new Set<Socket>();
  const answering = new Map<Socket, number>();
  let open = 0;
  server.on('connection', (socket: Socket) => {
    open++;
    socket.once('close', () => {
      open--;
      idle.delete(socket);
      answering.delete(socket);
    });
    if (open > cap) {
      const oldest = idle.values().next();
      if (oldest.done) {
        socket.destroy();
        return;
      }
      idle.delete(oldest.value);
      oldest.value.destroy();
    }
    idle.add(socket);
  });
  server.on('request', (request, response) => {
    const socket = request.socket;
    idle.delete(socket);
    answering.set(socket, (answering.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const left = (answering.get(socket) ?? 1) - 1;
      if (left > 0) {
        answering.set(socket, left);
        return;
      }
      answering.delete(socket);
      if (!socket.destroyed) idle.add(socket);
    });
  });
}
