import { standardFixture } from './fixtures.js';

/** The bug that answers largest: more comments than fit one answer (webservice/method/work-bounds.ts). */
export const LARGEST_BUG = 7;

/**
 * The standard fixture with bug 7, public, whose comments (each as long as Bugzilla allows)
 * add up to more than one answer may hold, and whose history is long.
 */
export function largestBugFixture(options: { comments?: number; changeSets?: number } = {}) {
  const base = standardFixture();
  const { comments = 520, changeSets = 2000 } = options;
  const text = 'x'.repeat(65_000);
  const time = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString().replace('.000Z', 'Z');
  return {
    ...base,
    bugs: [
      ...base.bugs,
      {
        id: LARGEST_BUG,
        reporter: 'admin@example.com',
        summary: 'The largest bug',
        comments: Array.from({ length: comments }, (_, n) => ({ author: 'bob@example.com', time: time(n), text })),
        history: Array.from({ length: changeSets }, (_, n) => ({
          who: 'carol@example.com',
          when: time(n),
          changes: [{ field_name: 'status_whiteboard', removed: `w${n}`, added: `w${n + 1}` }],
        })),
      },
    ],
  };
}
