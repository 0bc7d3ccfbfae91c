import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { serveFixture } from '../../testing/cli-server.js';
import { standardFixture } from '../../testing/fixtures.js';

/** Opens a socket that sends nothing; resolves with it once connected, and whether the server closes it soon. */
function idleSocket(url: URL): Promise<{ socket: Socket; closedByServer: Promise<boolean> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    socket.once('error', reject);
    socket.once('connect', () => {
      const closedByServer = new Promise<boolean>((done) => {
        socket.once('close', () => done(true));
        setTimeout(() => done(false), 1500).unref();
      });
      resolve({ socket, closedByServer });
    });
  });
}

describe('serve --max-connections', () => {
  it('holds no more than the cap, and idle sockets at the cap never keep a client out', async () => {
    const server = await serveFixture(standardFixture(), ['--max-connections', '5']);
    const url = new URL(server.url);
    try {
      const held = await Promise.all(Array.from({ length: 12 }, () => idleSocket(url)));
      const closed = await Promise.all(held.map((idle) => idle.closedByServer));
      expect(closed.filter(Boolean).length).toBe(7);
      // The oldest went: each newcomer made room for itself.
      expect(closed.slice(0, 7).every(Boolean)).toBe(true);
      for (let n = 0; n < 10; n++) expect((await fetch(new URL('rest/version', server.url))).status).toBe(200);
      for (const idle of held) idle.socket.destroy();
    } finally {
      await server.stop();
    }
  });

  it('refuses a cap that is not a positive number', async () => {
    await expect(serveFixture(standardFixture(), ['--max-connections', '0'])).rejects.toThrow(/--max-connections/);
  });
});
