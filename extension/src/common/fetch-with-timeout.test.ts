import { type BzServer, startServer } from '@bz-companion/server';
import { createClient, NetworkError } from '@bz-companion/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchWithTimeout } from './fetch-with-timeout.js';
import { classify } from './problems.js';

describe('fetchWithTimeout', () => {
  let bz: BzServer;
  beforeAll(async () => {
    bz = await startServer();
  });
  afterAll(() => bz.stop());
  beforeEach(() => bz.reset());

  it('gives up on a tracker that never answers, as on a dropped connection', async () => {
    bz.fault({ path: '/rest/version', hang: true });
    const client = createClient({ baseUrl: bz.url, fetch: fetchWithTimeout(globalThis.fetch, 100) });
    const error = await client.version().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('no answer within 0.1 s');
    expect(classify(error)).toEqual({ problem: { kind: 'unreachable', detail: (error as Error).message } });
  });

  it('passes an answer through', async () => {
    const client = createClient({ baseUrl: bz.url, fetch: fetchWithTimeout(globalThis.fetch, 5_000) });
    expect(await client.version()).toEqual({ version: '5.2' });
  });

  it('leaves a caller that brings its own signal to it', async () => {
    bz.fault({ path: '/rest/version', hang: true });
    const client = createClient({ baseUrl: bz.url, fetch: fetchWithTimeout(globalThis.fetch, 100) });
    const controller = new AbortController();
    const pending = client.version({ signal: controller.signal }).catch((caught: unknown) => caught);
    // Well past the wrapper's own 100 ms: only the caller's abort ends it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    controller.abort();
    expect((await pending) as Error).toMatchObject({ name: 'AbortError' });
  });
});
