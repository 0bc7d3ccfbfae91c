import type { BugColumn, Operand, Relation, Test } from '../../bugzilla/search/search-term.js';

/** The values of a statement as it is built: each a `$n`, never SQL text made of them. */
export class SqlValues {
  readonly values: unknown[] = [];

  /** A placeholder for `value`, cast as given (`text`, `numeric`, `timestamp`, `text[]`…). */
  add(value: unknown, cast: string): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }
}

/** A relation's rows for one bug: what to select them from, and each column's SQL over the row alias. */
export interface RelationSql {
  /** `FROM … WHERE …` of the bug's rows, `r` the row alias and `b` the bug. */
  from(r: string, b: string, field: string | undefined, values: SqlValues): string;
  column(r: string, name: string): string;
}

/**
 * How a schema keeps what a search reads (ours: bugs.bzc_fields and Bugzilla's tables; a Bugzilla
 * database: its own columns and tables), for search-sql.ts, which writes every search in it.
 */
export interface SearchSqlDialect {
  /** A column of the bug `b` (NULL where SQL has NULL), for the searcher `me` (their last visit), at `now`. */
  bugColumn(column: BugColumn, b: string, context: ColumnContext): string;
  relation(relation: Relation): RelationSql;
  /**
   * A custom field's column of the bug `b` as 5.2's bugs.cf_x holds it (Field.pm SQL_DEFINITIONS: its
   * default where the bug has set none), of its type (search-fields.ts TYPE); NULL for a multiple-selection.
   * `unsetIsNull`: NULL where the bug has set none (a tracking flag's value; a 5.2 database has none).
   */
  customColumn(name: string, type: number, b: string, unsetIsNull?: boolean): string;
  /**
   * A test the schema writes its own way (a name sub-selected by id over Bugzilla's tables; the comments'
   * text as rows of theirs), or undefined for the generic one.
   */
  specialTest?(operand: Operand, compared: Test, scope: SqlScope): string | undefined;
  /** A user's login or real name by id (NULL for none). */
  userColumn(userId: string, attr: 'login_name' | 'realname'): string;
  /** Whether the user `userId` is in any of the groups (the names, a text[] placeholder). */
  memberOf(userId: string, groups: string): string;
  /** What orders a bug's flag rows `r` as 5.2 lists them. */
  flagOrder(r: string): string;
  /** COLLATE for text compared and ordered as the answers must be (ours: code units, as in memory). */
  collate: string;
  /**
   * A time (`YYYY-MM-DD HH:MM:SS`, UTC) as the schema's timestamp columns hold it: ours UTC; a Bugzilla
   * database's the wall time of its sessions' TimeZone.
   */
  timestamp(values: SqlValues, utc: string): string;
  /** What every search asks of a bug first (Bugzilla's `creation_ts IS NOT NULL`). */
  standardWhere: (b: string) => string;
}

/** A schema's dialect for one statement's values and searcher (search-statement.ts makes one per search). */
export type SearchDialectFactory = (values: SqlValues, me: () => string) => SearchSqlDialect;

export interface ColumnContext {
  /** The searcher's id (0 for nobody), as a placeholder. */
  me: () => string;
  /** The time the search runs at, as a timestamp placeholder. */
  now: () => string;
}

/** Where a part of a search's SQL is written: the dialect, the statement's values, the bug and rows in scope. */
export interface SqlScope {
  dialect: SearchSqlDialect;
  values: SqlValues;
  context: ColumnContext;
  b: string;
  /** The row of the enclosing EXISTS: its SQL alias and relation. */
  own?: { alias: string; relation: Relation } | undefined;
  /** The joins the search reads rows of (quantified), by the search's alias. */
  joins: ReadonlyMap<string, { alias: string; relation: Relation }>;
  /** A counter for the aliases of nested sub-selects. */
  depth: number;
  /**
   * Whether the expression is a branch of an OR over the searched bug itself (not inside a sub-select or a
   * join): its sub-selects are then written as the ids they find (`b.bug_id = ANY (ARRAY(…))`), which
   * PostgreSQL can answer from an index beside the other branches (a BitmapOr); a correlated EXISTS in
   * an OR made it read every bug and test each.
   */
  orBranch?: boolean;
  /**
   * Whether the expression is tested bug by bug whatever its form (under a NOT, in an ORDER BY): no OR in
   * it is written for an index then, as an array of ids would be searched once for every bug.
   */
  rowByRow?: boolean;
}
