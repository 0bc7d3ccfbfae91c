import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, createMemoryStore, snapshotFromFixture } from '@bz-companion/server';

export const KEY = 'ExtensionTestKey456789abcdefghijklmnopqr';

/** The real companion app, in memory, on a free loopback port. */
export async function startCompanion(instance: Record<string, unknown> = {}, port = 0) {
  const store = createMemoryStore(
    snapshotFromFixture({
      instance: { extensions: { BugModal: { version: '1.0' } }, ...instance },
      groups: ['secret'],
      users: [{ login: 'me@example.com', real_name: 'Me', api_keys: [KEY] }],
      bugs: [{ id: 1, alias: 'first' }, { id: 2 }, { id: 3, groups: ['secret'] }],
      audit_log: [{ class: 'Bugzilla::Product', at_time: '2026-01-01T00:00:00Z' }],
    }),
  );
  const server: Server = createServer(createApp({ store }).callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    url,
    store,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback URL where nothing listens. */
export async function deadUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}/`;
}
