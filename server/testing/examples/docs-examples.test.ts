import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { snapshotFromFixture } from '../../src/import/fixture/fixture.js';

const read = (path: string) => readFile(new URL(path, import.meta.url), 'utf8');

describe('the docs (docs/test-double.md)', () => {
  it('shows the Vitest example exactly as it runs here', async () => {
    const readme = await read('../../../docs/test-double.md');
    const example = await read('./vitest-example.test.ts');
    expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
  });

  it('shows the Playwright example exactly as it runs here (server/e2e/)', async () => {
    const readme = await read('../../../docs/test-double.md');
    const example = await read('../../e2e/readme-playwright-example.spec.ts');
    expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
  });

  it('shows the python-bugzilla example exactly as it runs here', async () => {
    const readme = await read('../../../docs/test-double.md');
    const example = await read('./python-bugzilla-example.py');
    expect(readme).toContain(`\`\`\`python\n${example}\`\`\``);
  });
});

describe('the docs (docs/api.md)', () => {
  it('shows the python-bugzilla XML-RPC example exactly as it runs here', async () => {
    const docs = await read('../../../docs/api.md');
    const example = await read('./python-bugzilla-xmlrpc.py');
    expect(docs).toContain(`\`\`\`python\n${example}\`\`\``);
  });
});

describe('the docs (docs/fixtures.md)', () => {
  it('shows a fixture import, startServer and a reset take: its every key is one they know', async () => {
    const docs = await read('../../../docs/fixtures.md');
    const json = /```json\n([\s\S]*?)```/.exec(docs)?.[1] as string;
    const snapshot = snapshotFromFixture(JSON.parse(json));
    expect(snapshot.bugs.map((bug) => bug.id)).toEqual([1]);
    expect(snapshot.users.map((user) => user.login)).toEqual(['admin@example.com']);
  });

  it('shows a catalogue a fixture may carry, and the errors that name a wrong entry', async () => {
    const docs = await read('../../../docs/fixtures.md');
    const section = docs.slice(docs.indexOf('## The catalogue'));
    const fixture = JSON.parse(/```json\n([\s\S]*?)```/.exec(section)?.[1] as string);
    const catalogue = snapshotFromFixture(fixture).catalogue;
    expect(catalogue?.products.map((product) => product.name)).toEqual(['Widgets', 'Gadgets']);
    expect(catalogue?.products[0]?.versions.map((version) => [version.id, version.value])).toEqual([
      [8, '1.0'],
      [7, '0.9'],
    ]);
    expect(catalogue?.statuses.map((status) => [status.value, status.is_open])).toEqual([
      ['NEW', true],
      ['ASSIGNED', true],
      ['RESOLVED', false],
      ['CLOSED', false],
    ]);
    const wrong = (change: (copy: typeof fixture) => void) => {
      const copy = structuredClone(fixture);
      change(copy);
      return () => snapshotFromFixture(copy);
    };
    expect(
      wrong((copy) => {
        copy.products[0].components[0].default_assignee = 'ghost@example.com';
      }),
    ).toThrow('products[0].components[0].default_assignee: unknown user "ghost@example.com"');
    expect(
      wrong((copy) => {
        copy.workflow[2].to = 'DONE';
      }),
    ).toThrow('workflow[2]: unknown status "DONE" (list it in field_values.bug_status)');
    expect(section).toContain('products[0].components[0].default_assignee: unknown user');
    expect(section).toContain('workflow[2]: unknown status "DONE" (list it in field_values.bug_status)');
  });

  it('shows custom fields of every type, a bug’s values of them, and the errors that name a wrong one', async () => {
    const docs = await read('../../../docs/fixtures.md');
    const section = docs.slice(docs.indexOf('## Custom fields'));
    const fixture = JSON.parse(/```json\n([\s\S]*?)```/.exec(section)?.[1] as string);
    const snapshot = snapshotFromFixture(fixture);
    expect(snapshot.catalogue?.custom_fields?.map((field) => field.type)).toEqual([1, 2, 3, 5, 9, 6, 10, 1, 2]);
    expect(snapshot.bugs.map((bug) => Object.keys(bug.fields?.custom ?? {}).length)).toEqual([8, 1]);
    const wrong = (bug: number, change: Record<string, unknown>) => () =>
      snapshotFromFixture({
        ...fixture,
        bugs: fixture.bugs.map((b: object, i: number) => (i === bug ? { ...b, ...change } : b)),
      });
    expect(wrong(0, { cf_stage: 'nope' })).toThrow('bugs[0].cf_stage: cf_stage has no value "nope"');
    expect(wrong(1, { cf_nosuch: 1 })).toThrow('bugs[1].cf_nosuch: unknown custom field (declare it in custom_fields)');
    expect(section).toContain('bugs[0].cf_stage: cf_stage has no value "nope"');
    const gizmos = structuredClone(fixture);
    gizmos.custom_fields[7].visibility_values = ['Gizmos'];
    expect(() => snapshotFromFixture(gizmos)).toThrow(
      'custom_fields[7].visibility_values[0]: product has no value "Gizmos"',
    );
    expect(section).toContain('custom_fields[7].visibility_values[0]: product has no value "Gizmos"');
  });
});
