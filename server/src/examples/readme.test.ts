import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

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
