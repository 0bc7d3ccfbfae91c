import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, type ListeningProcess, spawnListening } from '../testing/cli-server.js';

/**
 * The curl examples of docs/api.md's "XML-RPC and JSON-RPC" section, run as written against
 * `serve --in-memory` (its demo data), but for the port; each answer must match the comment
 * under its command, `...` standing for any text.
 */
const DOCS = new URL('../../../docs/api.md', import.meta.url);

async function rpcExamples(): Promise<Array<{ command: string; answer: string }>> {
  const docs = await readFile(DOCS, 'utf8');
  const section = docs.slice(docs.indexOf('### XML-RPC and JSON-RPC'), docs.indexOf('### Profiles'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const examples: Array<{ command: string; answer: string }> = [];
  let command = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('# ')) {
      examples.push({ command, answer: line.slice(2) });
      command = '';
    } else if (line.trim() !== '') command += line.endsWith('\\') ? `${line.slice(0, -1)} ` : line;
  }
  return examples;
}

function matcher(answer: string): RegExp {
  const parts = answer.split('...').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`);
}

describe("docs/api.md's XML-RPC and JSON-RPC examples", () => {
  let server: ListeningProcess;
  beforeAll(async () => {
    server = await spawnListening([CLI, 'serve', '--in-memory', '--port', '0']);
  });
  afterAll(() => server?.stop());

  it('has examples, and each answers as its comment shows', async () => {
    const examples = await rpcExamples();
    expect(examples.length).toBeGreaterThanOrEqual(2);
    const port = new URL(server.url).port;
    for (const { command, answer } of examples) {
      const output = execFileSync('bash', ['-c', command.replaceAll('127.0.0.1:3080', `127.0.0.1:${port}`)], {
        encoding: 'utf8',
      });
      expect(output.replaceAll(`127.0.0.1:${port}`, '127.0.0.1:3080'), command).toMatch(matcher(answer));
    }
  });
});
