import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugzilla52CatalogueFixture } from '../../../testing/bugzilla-5.2-catalogue-fixture.js';
import { BUGZILLA_52_KEYS } from '../../../testing/bugzilla-5.2-fixture.js';
import { type InProcessServer, serveInProcess } from '../../../testing/in-process-server.js';

/** Product.get's kept answers: sent as made while nothing they show changed, made again when it did. */
describe('the kept Product.get answers', () => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await serveInProcess(bugzilla52CatalogueFixture(), { profile: 'bugzilla-5.2' });
  });
  afterAll(() => server.stop());
  const headers = { 'Content-Type': 'application/json' };
  const key = `Bugzilla_api_key=${BUGZILLA_52_KEYS.admin}`;
  const products = async (query = 'type=accessible') => {
    const response = await fetch(`${server.url}/rest/product?${query}&${key}`, { headers });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('Content-Length'))).toBe(Buffer.byteLength(text));
    return text;
  };
  const write = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${server.url}${path}?${key}`, { method, headers, body: JSON.stringify(body) });
    expect(response.ok, await response.text()).toBe(true);
  };

  it('answers the same bytes again, and each include_fields its own answer', async () => {
    const first = await products();
    expect(await products()).toBe(first);
    const names = await products('type=accessible&include_fields=name');
    expect(JSON.parse(names).products.every((product: object) => Object.keys(product).join() === 'name')).toBe(true);
    expect(await products()).toBe(first);
  });

  it('shows a changed login of a component owner, and a catalogue change', async () => {
    const before = JSON.parse(await products()) as {
      products: Array<{ components: Array<{ default_assigned_to: string }> }>;
    };
    const owner = before.products.flatMap((product) => product.components)[0]?.default_assigned_to as string;
    await write('PUT', `/rest/user/${encodeURIComponent(owner)}`, { email: 'renamed-owner@example.com' });
    const renamed = await products();
    expect(renamed).not.toContain(`"${owner}"`);
    expect(renamed).toContain('"renamed-owner@example.com"');
    await write('POST', '/rest/component', {
      product: 'Widgets',
      name: 'Sprockets',
      description: 'The sprockets',
      default_assignee: 'renamed-owner@example.com',
    });
    const added = await products();
    expect(added).toContain('"Sprockets"');
    expect(added).not.toBe(renamed);
  });
});
