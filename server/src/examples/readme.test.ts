import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFile(new URL(path, import.meta.url), 'utf8');

describe('the README', () => {
  it('shows the Vitest example exactly as it runs here', async () => {
    const readme = await read('../../../README.md');
    const example = await read('./vitest-example.test.ts');
    expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
  });
});
