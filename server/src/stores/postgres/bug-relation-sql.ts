/**
 * A bug's keywords, See Also and dependencies as Bug.get lists them, read from Bugzilla's own tables
 * over `b` (bugs): the same SQL on our schema and on a Bugzilla database, as `key, value` pairs for
 * a json(b)_build_object. Keywords sort as the domain sorts them (letter case aside, then code units),
 * See Also in the order added (5.2's ids), bug numbers ascending.
 */
export const BUG_RELATION_FIELDS = `'keywords', ARRAY(SELECT kd.name FROM keywords k JOIN keyworddefs kd ON kd.id = k.keywordid
                       WHERE k.bug_id = b.bug_id ORDER BY lower(kd.name) COLLATE "C", kd.name COLLATE "C"),
     'see_also', ARRAY(SELECT sa.value FROM bug_see_also sa WHERE sa.bug_id = b.bug_id ORDER BY sa.id),
     'see_also_class', (SELECT json_object_agg(sa.value, sa.class) FROM bug_see_also sa
                        WHERE sa.bug_id = b.bug_id AND sa.class <> ''),
     'blocks', ARRAY(SELECT d.blocked FROM dependencies d WHERE d.dependson = b.bug_id ORDER BY d.blocked),
     'depends_on', ARRAY(SELECT d.dependson FROM dependencies d WHERE d.blocked = b.bug_id ORDER BY d.dependson)`;

/** The fields above and the bug's flags (flag-sql.ts), which `bugs.bzc_fields` no longer holds. */
export const BUG_RELATION_FIELD_NAMES = [
  'keywords',
  'see_also',
  'see_also_class',
  'blocks',
  'depends_on',
  'flags',
] as const;
