import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BMO_KEYS, BMO_LOGINS, bmoFixture } from '../../testing/bmo-fixture.js';
import { expectBugzillaError, getOk, httpClient } from '../../testing/http.js';
import { type BzServer, startServer } from '../../testing/test-server.js';
import { webhookListener } from '../../testing/webhook-listener.js';

/*
 * BMO's webhooks end to end: a listener on loopback gets BMO's payload for each matching write
 * (extensions/Push/lib/Connector/Webhook.pm, Serialize.pm), failures are tried again with BMO's
 * backoff on the server's clock, and every try is in the admin API's delivery journal.
 */

type Delivery = {
  routing_key: string;
  attempt: number;
  result: string;
  webhook_id: number;
  payload: Record<string, unknown>;
};

let listener: Awaited<ReturnType<typeof webhookListener>>;
let bz: BzServer;
let api: ReturnType<typeof httpClient>;

function fixture(enabled = true) {
  const base = bmoFixture({ webhooks_enabled: enabled ? '1' : '0', insidergroup: 'insiders' });
  return {
    ...base,
    webhooks: [
      {
        user: BMO_LOGINS.dev,
        name: 'triage',
        url: listener.url,
        event: 'create,change,comment,attachment',
        product: 'Firefox',
        api_key_header: 'X-Hook-Key',
        api_key_value: 's3cret',
      },
      {
        user: BMO_LOGINS.out,
        name: 'toolbars',
        url: listener.url,
        event: ['change'],
        product: 'Firefox',
        component: 'Toolbars',
      },
    ],
  };
}

beforeAll(async () => {
  listener = await webhookListener();
  bz = await startServer({ fixture: fixture(), clock: '2026-06-01T00:00:00Z' });
  api = httpClient(bz.url);
});
afterAll(async () => {
  await bz.stop();
  await listener.close();
});
beforeEach(async () => {
  await bz.reset();
  listener.heard.length = 0;
});

const deliveries = async () =>
  (await getOk<{ deliveries: Delivery[] }>(api, '/__admin/webhooks/deliveries')).deliveries;
const settled = (count: number) =>
  vi.waitFor(async () => expect(await deliveries()).toHaveLength(count), { timeout: 5000 });
const put = (bug: number, json: unknown, key: string = BMO_KEYS.admin) =>
  api(`/rest/bug/${bug}`, { method: 'PUT', key, json });

describe('BMO webhooks', () => {
  it("posts a change and its comment to the owner's webhook, in BMO's order and shape, with its API-key header", async () => {
    expect((await put(1, { whiteboard: '[triage]', comment: { body: 'Looking.' } })).status).toBe(200);
    await settled(2);
    expect(listener.heard.map((post) => (post.body.event as { routing_key: string }).routing_key)).toEqual([
      'comment.create',
      'bug.modify:whiteboard',
    ]);
    const [comment, change] = listener.heard;
    expect(comment?.headers['x-hook-key']).toBe('s3cret');
    expect(comment?.headers['content-type']).toBe('application/json');
    expect(comment?.body).toMatchObject({
      webhook_name: 'triage',
      webhook_id: 1,
      event: { action: 'create', target: 'comment', user: { login: BMO_LOGINS.admin, real_name: 'Ada Admin [:ada]' } },
      bug: {
        id: 1,
        product: 'Firefox',
        component: 'General',
        comment: { body: 'Looking.', number: 3, is_private: false },
      },
    });
    expect(comment?.body.event).not.toHaveProperty('change_set');
    expect(comment?.body.bug).not.toHaveProperty('comment.bug');
    expect(change?.body).toMatchObject({
      event: {
        action: 'modify',
        target: 'bug',
        time: '2026-06-01T00:00:00',
        changes: [{ field: 'whiteboard', removed: '', added: '[triage]' }],
      },
      bug: {
        id: 1,
        alias: 'public-bug',
        whiteboard: '[triage]',
        operating_system: expect.any(String),
        type: 'defect',
        is_private: false,
        assigned_to_detail: { id: 2, login: BMO_LOGINS.dev, real_name: 'Dana Dev [:dana]' },
        flags: [{ id: 1, name: 'needinfo', value: '?', requestee: { login: BMO_LOGINS.dev } }],
      },
    });
  });

  it('sends nothing the owner may not see: a bug outside their groups, a private comment for a non-insider', async () => {
    await put(2, { whiteboard: '[sec]' });
    await api('/rest/bug/1/comment', {
      method: 'POST',
      key: BMO_KEYS.admin,
      json: { comment: 'Hidden.', is_private: true },
    });
    await api('/rest/bug/1/comment', { method: 'POST', key: BMO_KEYS.admin, json: { comment: 'Seen.' } });
    await settled(1);
    expect(listener.heard[0]?.body.bug).toMatchObject({ comment: { body: 'Seen.' } });
  });

  it('matches the product and component, and a change that moved the bug out of them', async () => {
    await put(3, { whiteboard: 'on toolbars' });
    await settled(2);
    expect((await deliveries()).map((one) => one.webhook_id).sort()).toEqual([1, 2]);
    await put(3, { component: 'General' });
    await settled(4);
    const moved = (await deliveries()).slice(2);
    expect(moved.map((one) => one.webhook_id).sort()).toEqual([1, 2]);
    expect(moved[0]?.payload).toMatchObject({
      event: { changes: [{ field: 'component', removed: 'Toolbars', added: 'General' }] },
    });
  });

  it('posts a new bug as its description, then the bug', async () => {
    const created = await api('/rest/bug', {
      method: 'POST',
      key: BMO_KEYS.dev,
      json: {
        product: 'Firefox',
        component: 'General',
        version: 'unspecified',
        op_sys: 'All',
        platform: 'All',
        summary: 'New crash',
        description: 'Steps.',
      },
    });
    expect(created.status, await created.clone().text()).toBe(200);
    await settled(2);
    expect(listener.heard.map((post) => (post.body.event as { routing_key: string }).routing_key)).toEqual([
      'comment.create',
      'bug.create',
    ]);
    expect(listener.heard[0]?.body.bug).toMatchObject({ summary: 'New crash', comment: { number: 0, body: 'Steps.' } });
  });

  it('posts a new attachment, then the comment that says so', async () => {
    const added = await api('/rest/bug/1/attachment', {
      method: 'POST',
      key: BMO_KEYS.dev,
      json: {
        ids: [1],
        data: Buffer.from('patch').toString('base64'),
        file_name: 'fix.diff',
        summary: 'Fix',
        content_type: 'text/plain',
      },
    });
    expect(added.status).toBe(201);
    await settled(2);
    const [attachment, comment] = listener.heard;
    expect(attachment?.body).toMatchObject({
      event: { routing_key: 'attachment.create', target: 'attachment' },
      bug: {
        id: 1,
        attachment: { file_name: 'fix.diff', description: 'Fix', content_type: 'text/plain', is_private: false },
      },
    });
    expect(comment?.body.event).toMatchObject({ routing_key: 'comment.create' });
  });

  it('reduces a private bug to its id and leaves its changes out', async () => {
    await api('/__admin/webhooks', {
      method: 'POST',
      json: { user: BMO_LOGINS.admin, name: 'secure', url: listener.url, event: 'change' },
    });
    await put(2, { whiteboard: '[sec]' });
    await settled(1);
    expect(listener.heard[0]?.body).toEqual({
      webhook_name: 'secure',
      webhook_id: 3,
      bug: { id: 2, is_private: true },
      event: {
        action: 'modify',
        target: 'bug',
        routing_key: 'bug.modify:whiteboard',
        time: '2026-06-01T00:00:00',
        user: { id: 1, login: BMO_LOGINS.admin, real_name: 'Ada Admin [:ada]' },
      },
    });
  });

  it("tries a failed post again at once, then after BMO's backoff on the server's clock", async () => {
    listener.failNext(500, 503);
    await put(1, { whiteboard: 'retry' });
    await settled(2);
    expect((await deliveries()).map((one) => [one.attempt, one.result])).toEqual([
      [1, 'TRANSIENT-ERROR'],
      [2, 'TRANSIENT-ERROR'],
    ]);
    const listed = await getOk<{ webhooks: Array<{ name: string; errors: number; enabled: boolean }> }>(
      api,
      '/rest/webhooks/list',
      BMO_KEYS.dev,
    );
    expect(listed.webhooks).toEqual([expect.objectContaining({ name: 'triage', errors: 1, enabled: true })]);
    bz.clock.advance(5);
    await settled(3);
    expect((await deliveries())[2]).toMatchObject({ attempt: 3, result: 'OK' });
    expect(listener.heard).toHaveLength(3);
  });

  it("lists the caller's webhooks as BMO does, and needs a login", async () => {
    const listed = await getOk<{ webhooks: unknown[] }>(api, '/rest/webhooks/list', BMO_KEYS.out);
    expect(listed.webhooks).toEqual([
      {
        id: 2,
        creator: BMO_LOGINS.out,
        name: 'toolbars',
        url: listener.url,
        event: 'change',
        product: 'Firefox',
        component: 'Toolbars',
        enabled: true,
        errors: 0,
      },
    ]);
    await expectBugzillaError(await api('/rest/webhooks/list'), 401, 410);
  });

  it('is set up through the admin API too, on loopback only', async () => {
    const added = await api('/__admin/webhooks', {
      method: 'POST',
      json: { user: BMO_LOGINS.triager, name: 'all', url: listener.url, event: 'comment' },
    });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ id: 3, product: 'Any', component: 'Any', creator: BMO_LOGINS.triager });
    const far = await api('/__admin/webhooks', {
      method: 'POST',
      json: { user: BMO_LOGINS.triager, name: 'far', url: 'https://example.com/hook', event: 'comment' },
    });
    expect(far.status).toBe(400);
    expect(((await far.json()) as { message: string }).message).toMatch(/127\.0\.0\.1/);
    await api('/rest/bug/3/comment', { method: 'POST', key: BMO_KEYS.admin, json: { comment: 'Any product.' } });
    // The triager's webhook (any product) and dev's (Firefox) both get it.
    await settled(2);
    expect((await deliveries()).map((one) => [one.webhook_id, one.routing_key]).sort()).toEqual([
      [1, 'comment.create'],
      [3, 'comment.create'],
    ]);
    expect((await api('/__admin/webhooks/3', { method: 'DELETE' })).status).toBe(200);
    expect((await getOk<{ webhooks: unknown[] }>(api, '/__admin/webhooks')).webhooks).toHaveLength(2);
  });

  it('posts nothing unless webhooks_enabled is on', async () => {
    await bz.reset(fixture(false));
    await put(1, { whiteboard: 'quiet' });
    await api('/rest/bug/1/comment', { method: 'POST', key: BMO_KEYS.admin, json: { comment: 'Quiet.' } });
    expect(await deliveries()).toEqual([]);
    expect(listener.heard).toEqual([]);
  });
});
