import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * A bug's keywords, dependencies and See Also move out of `bugs.bzc_fields` into Bugzilla 5.2's own
 * tables, its names, types and indexes (Bugzilla::DB::Schema through Schema/Pg.pm): `keyworddefs`,
 * `keywords`, `dependencies`, `bug_see_also` (`cc` and `bugs_aliases` were there from the start).
 * Ours differ in two points:
 * - `keyworddefs` holds the keywords the bugs' rows point to; the catalogue (`bzc_instance.catalogue`)
 *   stays what defines them for the API, and a name it lacks gets a row (description '') when first used.
 * - `bug_see_also.class` (Bugzilla::BugUrl's subclass) is '' where we do not know it.
 * Existing rows move with nothing lost: a bug's `blocks` and `depends_on` become one row per pair,
 * See Also keeps its order (the ids are given in it), and the keys leave `bzc_fields`.
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql(`
    CREATE TABLE keyworddefs (
      id serial UNIQUE PRIMARY KEY,
      name varchar(64) NOT NULL,
      description text NOT NULL
    );
    CREATE UNIQUE INDEX keyworddefs_name_idx ON keyworddefs (name);

    CREATE TABLE keywords (
      bug_id integer NOT NULL REFERENCES bugs (bug_id) ON UPDATE CASCADE ON DELETE CASCADE,
      keywordid integer NOT NULL REFERENCES keyworddefs (id) ON UPDATE CASCADE ON DELETE CASCADE
    );
    CREATE UNIQUE INDEX keywords_bug_id_idx ON keywords (bug_id, keywordid);
    CREATE INDEX keywords_keywordid_idx ON keywords (keywordid);

    CREATE TABLE dependencies (
      blocked integer NOT NULL REFERENCES bugs (bug_id) ON UPDATE CASCADE ON DELETE CASCADE,
      dependson integer NOT NULL REFERENCES bugs (bug_id) ON UPDATE CASCADE ON DELETE CASCADE
    );
    CREATE UNIQUE INDEX dependencies_blocked_idx ON dependencies (blocked, dependson);
    CREATE INDEX dependencies_dependson_idx ON dependencies (dependson);

    CREATE TABLE bug_see_also (
      id serial UNIQUE PRIMARY KEY,
      bug_id integer NOT NULL REFERENCES bugs (bug_id) ON UPDATE CASCADE ON DELETE CASCADE,
      value varchar(255) NOT NULL,
      class varchar(255) NOT NULL DEFAULT ''
    );
    CREATE UNIQUE INDEX bug_see_also_bug_id_idx ON bug_see_also (bug_id, value);

    -- The catalogue's keywords keep their ids; names only bugs carry come after them.
    INSERT INTO keyworddefs (id, name, description)
    SELECT DISTINCT ON (k->>'name') (k->>'id')::integer, k->>'name', coalesce(k->>'description', '')
    FROM bzc_instance i, jsonb_array_elements(coalesce(i.catalogue->'keywords', '[]')) k
    ORDER BY k->>'name', (k->>'id')::integer;
    SELECT setval(pg_get_serial_sequence('keyworddefs', 'id'), coalesce(max(id), 0) + 1, false) FROM keyworddefs;
    INSERT INTO keyworddefs (name, description)
    SELECT DISTINCT k.name, '' FROM bugs b, jsonb_array_elements_text(coalesce(b.bzc_fields->'keywords', '[]')) AS k(name)
    ON CONFLICT (name) DO NOTHING;
    INSERT INTO keywords (bug_id, keywordid)
    SELECT DISTINCT b.bug_id, d.id
    FROM bugs b, jsonb_array_elements_text(coalesce(b.bzc_fields->'keywords', '[]')) AS k(name)
    JOIN keyworddefs d ON d.name = k.name;

    -- Either side may name the pair; a bug it names that does not exist could not be written by the API.
    INSERT INTO dependencies (blocked, dependson)
    SELECT DISTINCT p.blocked, p.dependson FROM (
      SELECT b.bug_id AS blocked, d.id::integer AS dependson
      FROM bugs b, jsonb_array_elements_text(coalesce(b.bzc_fields->'depends_on', '[]')) AS d(id)
      UNION
      SELECT d.id::integer, b.bug_id
      FROM bugs b, jsonb_array_elements_text(coalesce(b.bzc_fields->'blocks', '[]')) AS d(id)
    ) p
    WHERE EXISTS (SELECT 1 FROM bugs o WHERE o.bug_id = p.blocked) AND EXISTS (SELECT 1 FROM bugs o WHERE o.bug_id = p.dependson);

    INSERT INTO bug_see_also (bug_id, value)
    SELECT s.bug_id, s.value FROM (
      SELECT DISTINCT ON (b.bug_id, u.value) b.bug_id, u.value, u.ord
      FROM bugs b, jsonb_array_elements_text(coalesce(b.bzc_fields->'see_also', '[]')) WITH ORDINALITY AS u(value, ord)
      ORDER BY b.bug_id, u.value, u.ord
    ) s ORDER BY s.bug_id, s.ord;

    UPDATE bugs SET bzc_fields = bzc_fields - 'keywords' - 'blocks' - 'depends_on' - 'see_also'
    WHERE bzc_fields ?| ARRAY['keywords', 'blocks', 'depends_on', 'see_also'];
  `);
}

/** Going back would have to put the rows into bzc_fields again: not offered. */
export const down = false;
