/** How a schema names a flag's type and writes its times, for `flagList`. */
export interface FlagSqlDialect {
  /** The flag type's name, over `f` (flags) and `flagTypesJoin`. */
  flagName: string;
  /** Joins the name needs ('' when the flags row holds it). */
  flagTypesJoin: string;
  /** The order of a target's flags (5.2's: the type's sortkey and name, then id). */
  order: string;
  /** Bugzilla's API time text (UTC) of a timestamp column. */
  apiTime(column: string): string;
}

/**
 * Flags as Bug.get and Bug.attachments list them, read from Bugzilla's `flags` (bug flags have no
 * `attach_id`), in 5.2's order: the same SQL on our schema and a Bugzilla database, which differ only
 * in where a flag's type (name, sortkey) is and how their timestamps are read.
 */
export function flagList(sql: FlagSqlDialect, where: string): string {
  return `ARRAY(SELECT json_strip_nulls(json_build_object('id', f.id, 'name', ${sql.flagName}, 'type_id', f.type_id,
                       'status', f.status, 'setter', setter.login_name, 'requestee', requestee.login_name,
                       'creation_date', ${sql.apiTime('f.creation_date')},
                       'modification_date', ${sql.apiTime('f.modification_date')}))
                     FROM flags f ${sql.flagTypesJoin} JOIN profiles setter ON setter.userid = f.setter_id
                       LEFT JOIN profiles requestee ON requestee.userid = f.requestee_id
                     WHERE ${where} ORDER BY ${sql.order})`;
}

/**
 * Ours: timestamps hold UTC; the type's name is kept with the flag (`bzc_type_name`), and its place in
 * the list (`bzc_order`), as the catalogue (not a `flagtypes` table) defines the types.
 */
export const OUR_FLAG_SQL: FlagSqlDialect = {
  flagName: 'f.bzc_type_name',
  flagTypesJoin: '',
  order: 'f.bzc_order, f.id',
  apiTime: (column) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
};

/** An attachment's flags, over `a` (attachments), on our schema. */
export const OUR_ATTACHMENT_FLAGS = flagList(OUR_FLAG_SQL, 'f.attach_id = a.attach_id');
