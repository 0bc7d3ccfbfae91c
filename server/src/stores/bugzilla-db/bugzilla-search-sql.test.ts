import { describe, expect, it } from 'vitest';
import { type Expr, not, or, test } from '../../bugzilla/search/search-term.js';
import { SqlValues } from '../postgres/search-dialect.js';
import { exprSql, type SqlScope } from '../postgres/search-sql.js';
import { bugzillaSearchSql } from './bugzilla-search-sql.js';

function sqlOf(expr: Expr): string {
  const values = new SqlValues();
  const me = () => values.add(0, 'int');
  const dialect = bugzillaSearchSql(() => false)(values, me);
  const now = () => dialect.timestamp(values, '2026-12-02 00:00:00');
  const scope: SqlScope = { dialect, values, context: { me, now }, b: 'b', joins: new Map(), depth: 0 };
  return exprSql(expr, scope);
}

const word = { op: 'ilike', text: '4242', not: false } as const;
const inProduct = test({ kind: 'bug', column: 'product' }, word);
const inComponent = test({ kind: 'bug', column: 'component' }, word);
const inComments = test({ kind: 'bug', column: 'public_comments_text' }, word);

describe("an OR over the bug in a Bugzilla database's SQL", () => {
  // A hashed sub-plan or a bug's own bugs_fulltext row in an OR is tested bug by bug; the ids are found once.
  it('finds the products, components and comments its branches name once, as ids', () => {
    const sql = sqlOf(or(inProduct, inComponent, inComments));
    expect(sql).toContain('b.product_id = ANY (ARRAY(SELECT pr.id FROM products pr WHERE');
    expect(sql).toContain('b.component_id = ANY (ARRAY(SELECT co.id FROM components co WHERE');
    expect(sql).toContain('b.bug_id = ANY (ARRAY(SELECT f.bug_id FROM bugs_fulltext f WHERE f.comments_noprivate');
    expect(sql).not.toContain('f.bug_id = b.bug_id');
  });

  it('keeps Search.pm’s IN and the bug’s own row under a NOT and outside an OR', () => {
    const negated = sqlOf(not(or(inProduct, inComments)));
    expect(negated).toContain('b.product_id IN (SELECT pr.id FROM products pr');
    expect(negated).toContain('(SELECT f.comments_noprivate FROM bugs_fulltext f WHERE f.bug_id = b.bug_id)');
    expect(sqlOf(inComponent)).toContain('b.component_id IN (SELECT co.id FROM components co');
  });
});
