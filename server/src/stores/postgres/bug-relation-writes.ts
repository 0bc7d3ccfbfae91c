import type pg from 'pg';
import type { Bug } from '../../bugzilla/types.js';

type Cell = string | number;
type Pair = readonly [Cell, Cell];

/**
 * One of Bugzilla's tables of a bug's lists, as rows of two columns: how a bug's rows are listed,
 * how the rows of a batch are deleted and inserted (`$a`, `$b`: the two columns as arrays).
 */
interface RelationTable {
  rows(bug: Bug): Pair[];
  types: readonly [string, string];
  delete: string;
  insert: string;
}

const TABLES: readonly RelationTable[] = [
  {
    rows: (bug) => bug.aliases.map((alias) => [alias, bug.id]),
    types: ['text', 'integer'],
    delete:
      'DELETE FROM bugs_aliases t USING unnest($a, $b) AS d(alias, bug_id) WHERE t.alias = d.alias AND t.bug_id = d.bug_id',
    insert: 'INSERT INTO bugs_aliases (alias, bug_id) SELECT * FROM unnest($a, $b)',
  },
  {
    rows: (bug) => bug.cc.map((who) => [bug.id, who]),
    types: ['integer', 'integer'],
    delete: 'DELETE FROM cc t USING unnest($a, $b) AS d(bug_id, who) WHERE t.bug_id = d.bug_id AND t.who = d.who',
    insert: 'INSERT INTO cc (bug_id, who) SELECT * FROM unnest($a, $b) ON CONFLICT DO NOTHING',
  },
  {
    rows: (bug) => bug.groups.map((group) => [bug.id, group]),
    types: ['integer', 'text'],
    delete: `DELETE FROM bug_group_map t USING unnest($a, $b) AS d(bug_id, name) JOIN groups g ON g.name = d.name
      WHERE t.bug_id = d.bug_id AND t.group_id = g.id`,
    insert: `INSERT INTO bug_group_map (bug_id, group_id)
      SELECT d.bug_id, g.id FROM unnest($a, $b) AS d(bug_id, name) JOIN groups g ON g.name = d.name ON CONFLICT DO NOTHING`,
  },
  {
    rows: (bug) => bug.fields.keywords.map((name) => [bug.id, name]),
    types: ['integer', 'text'],
    delete: `DELETE FROM keywords t USING unnest($a, $b) AS d(bug_id, name) JOIN keyworddefs kd ON kd.name = d.name
      WHERE t.bug_id = d.bug_id AND t.keywordid = kd.id`,
    insert: `INSERT INTO keywords (bug_id, keywordid)
      SELECT d.bug_id, kd.id FROM unnest($a, $b) AS d(bug_id, name) JOIN keyworddefs kd ON kd.name = d.name ON CONFLICT DO NOTHING`,
  },
  {
    // A value and its class (5.2's bug_see_also.class, '' where not known) as one cell: chr(1) apart.
    rows: (bug) =>
      bug.fields.see_also.map((value) => [bug.id, `${value}\u0001${bug.fields.see_also_class?.[value] ?? ''}`]),
    types: ['integer', 'text'],
    delete: `DELETE FROM bug_see_also t USING unnest($a, $b) AS d(bug_id, v)
      WHERE t.bug_id = d.bug_id AND t.value = split_part(d.v, chr(1), 1)`,
    // In the order given: the ids, which Bug.get lists See Also by, follow it.
    insert: `INSERT INTO bug_see_also (bug_id, value, class)
      SELECT d.bug_id, split_part(d.v, chr(1), 1), split_part(d.v, chr(1), 2)
      FROM unnest($a, $b) WITH ORDINALITY AS d(bug_id, v, ord) ORDER BY d.ord`,
  },
  {
    // Either bug of a pair may list it; one row stands for both lists.
    rows: (bug) => [
      ...bug.fields.depends_on.map((other) => [bug.id, other] as const),
      ...bug.fields.blocks.map((other) => [other, bug.id] as const),
    ],
    types: ['integer', 'integer'],
    delete: `DELETE FROM dependencies t USING unnest($a, $b) AS d(blocked, dependson)
      WHERE t.blocked = d.blocked AND t.dependson = d.dependson`,
    insert: 'INSERT INTO dependencies (blocked, dependson) SELECT * FROM unnest($a, $b) ON CONFLICT DO NOTHING',
  },
];

const KEYWORDS = TABLES[3] as RelationTable;

const key = ([a, b]: Pair) => `${a}\u0000${b}`;

/** The rows of `table` that `from` has and `to` lacks, in `from`'s order. */
function missing(table: RelationTable, from: readonly Bug[], to: readonly Bug[]): Pair[] {
  const kept = new Set<string>();
  for (const bug of to) for (const row of table.rows(bug)) kept.add(key(row));
  const rows: Pair[] = [];
  for (const bug of from) {
    for (const row of table.rows(bug)) {
      const k = key(row);
      if (!kept.has(k)) {
        kept.add(k);
        rows.push(row);
      }
    }
  }
  return rows;
}

/** Writes of several tables as one statement: each a data-modifying WITH part, only those with rows. */
async function runParts(client: pg.PoolClient, parts: Array<{ table: RelationTable; sql: string; rows: Pair[] }>) {
  const active = parts.filter((part) => part.rows.length > 0);
  if (active.length === 0) return;
  const values: unknown[] = [];
  const withs = active.map((part, i) => {
    const [ta, tb] = part.table.types;
    values.push(
      part.rows.map(([a]) => a),
      part.rows.map(([, b]) => b),
    );
    const a = `$${values.length - 1}::${ta}[]`;
    const b = `$${values.length}::${tb}[]`;
    const sql = part.sql.replace('$a', () => a).replace('$b', () => b);
    return `w${i} AS (${sql})`;
  });
  await client.query(`WITH ${withs.join(', ')} SELECT 1`, values);
}

/**
 * The rows of a bug write in Bugzilla's tables of a bug's lists (aliases, CC, groups, keywords, See
 * Also, dependencies): only what changed, the deletions in one statement and the additions in
 * another (apart, so a row removed and added back under another letter case cannot meet a unique
 * index twice in one statement); a keyword no bug had yet first gets its `keyworddefs` row.
 */
export async function writeBugRelations(
  client: pg.PoolClient,
  bugs: readonly Bug[],
  before: ReadonlyMap<number, Bug | undefined>,
): Promise<void> {
  const old = bugs.map((bug) => before.get(bug.id)).filter((bug): bug is Bug => bug !== undefined);
  const changes = TABLES.map((table) => ({
    table,
    removed: missing(table, old, bugs),
    added: missing(table, bugs, old),
  }));
  await runParts(
    client,
    changes.map(({ table, removed }) => ({ table, sql: table.delete, rows: removed })),
  );
  const keywords = changes.find((change) => change.table === KEYWORDS)?.added ?? [];
  if (keywords.length > 0) {
    await client.query(
      `INSERT INTO keyworddefs (name, description) SELECT DISTINCT n, '' FROM unnest($1::text[]) AS n
       WHERE NOT EXISTS (SELECT 1 FROM keyworddefs kd WHERE kd.name = n) ON CONFLICT (name) DO NOTHING`,
      [keywords.map(([, name]) => name)],
    );
  }
  await runParts(
    client,
    changes.map(({ table, added }) => ({ table, sql: table.insert, rows: added })),
  );
}
