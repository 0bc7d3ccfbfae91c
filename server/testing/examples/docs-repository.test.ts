import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../server-root.js';

/** docs/repository.md's "Where things are": every file it names is there, so the answers stay true as files move. */
describe("docs/repository.md's answers", () => {
  it('name files that exist', () => {
    const text = readFileSync(`${REPO_ROOT}/docs/repository.md`, 'utf8');
    const table = text.slice(text.indexOf('## Where things are'), text.indexOf('The specifications'));
    const named = [...table.matchAll(/`((?:server|extension|shared)\/[^`]+\.tsx?)`/g)].map((match) => match[1]);
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((path) => !existsSync(`${REPO_ROOT}/${path}`))).toEqual([]);
  });
});
