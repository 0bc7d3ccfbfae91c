import { describe, expect, it } from 'vitest';
import { type Expr, not, or, row, test } from '../../bugzilla/search/search-term.js';
import { ourSearchSql } from './our-search-sql.js';
import { SqlValues } from './search-dialect.js';
import { exprSql, type SqlScope } from './search-sql.js';

function sqlOf(expr: Expr): string {
  const values = new SqlValues();
  const me = () => values.add(0, 'int');
  const dialect = ourSearchSql(values, me);
  const now = () => dialect.timestamp(values, '2026-12-02 00:00:00');
  const scope: SqlScope = { dialect, values, context: { me, now }, b: 'b', joins: new Map(), depth: 0 };
  return exprSql(expr, scope);
}

const summary = test({ kind: 'bug', column: 'short_desc' }, { op: 'ilike', text: '4242', not: false });
const inCc: Expr = { kind: 'exists', relation: 'cc', where: test(row('who'), { op: 'cmp', cmp: '=', value: 5 }) };
const inComments = test({ kind: 'bug', column: 'public_comments_text' }, { op: 'lowerLike', pattern: '%4242%' });

describe('an OR over the bug in SQL', () => {
  // PostgreSQL answers an OR from its indexes (a BitmapOr) only when no branch is a correlated sub-select.
  it("writes its branches' sub-selects as the ids they find", () => {
    const sql = sqlOf(or(summary, inCc, inComments));
    expect(sql).toContain('b.bug_id = ANY (ARRAY(SELECT o.bug_id FROM bugs o WHERE EXISTS (SELECT 1 FROM cc r0');
    expect(sql).toContain('b.bug_id = ANY (ARRAY(SELECT l.bug_id FROM longdescs l WHERE TRUE AND l.isprivate = 0');
    expect(sql).not.toContain('= b.bug_id');
  });

  // There every bug is tested, and an array of ids would be searched once for each.
  it('keeps them correlated under a NOT and outside an OR', () => {
    expect(sqlOf(not(or(summary, inCc)))).not.toContain('ANY (ARRAY(');
    expect(sqlOf(inCc)).toContain('EXISTS (SELECT 1 FROM cc r0 WHERE r0.bug_id = b.bug_id');
  });
});
