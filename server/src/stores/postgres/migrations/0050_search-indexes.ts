import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * What Bug.search's one statement (search-statement.ts) runs over: Bugzilla's own indexes of the
 * columns searches name (status, resolution, creation time; its product and component ids are
 * bzc_fields' names here, so expression indexes of those), and trigram indexes (pg_trgm, which
 * Debian's PostgreSQL ships) for the substring and word operators on the summary, the whiteboard and
 * the comments, which a B-tree cannot answer (ILIKE '%word%'). Without the extension (a role that
 * may not create it) the trigram indexes are left out and those searches read more rows; nothing fails.
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql(`
    CREATE INDEX bugs_bug_status_idx ON bugs (bug_status);
    CREATE INDEX bugs_resolution_idx ON bugs (resolution);
    CREATE INDEX bugs_creation_ts_idx ON bugs (creation_ts);
    CREATE INDEX bzc_bugs_product_idx ON bugs ((bzc_fields->>'product'), (bzc_fields->>'component'));
    CREATE INDEX bzc_bugs_component_idx ON bugs ((bzc_fields->>'component'));
    CREATE INDEX bzc_bugs_priority_idx ON bugs ((bzc_fields->>'priority'));
    CREATE INDEX bzc_bugs_severity_idx ON bugs ((bzc_fields->>'severity'));
    CREATE INDEX bzc_bugs_version_idx ON bugs ((bzc_fields->>'version'));
    CREATE INDEX bzc_bugs_target_milestone_idx ON bugs ((bzc_fields->>'target_milestone'));
    CREATE INDEX bugs_activity_who_idx ON bugs_activity (who, bug_when);
    CREATE INDEX longdescs_who_idx ON longdescs (who, bug_when);
    DO $$
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'pg_trgm not available (%): substring searches go without trigram indexes', SQLERRM;
    END $$;
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        CREATE INDEX bzc_bugs_short_desc_trgm_idx ON bugs USING gin (short_desc gin_trgm_ops);
        CREATE INDEX bzc_bugs_whiteboard_trgm_idx ON bugs USING gin ((bzc_fields->>'whiteboard') gin_trgm_ops);
        CREATE INDEX bzc_longdescs_thetext_trgm_idx ON longdescs USING gin (thetext gin_trgm_ops);
        CREATE INDEX bzc_bugs_aliases_alias_trgm_idx ON bugs_aliases USING gin (alias gin_trgm_ops);
      END IF;
    END $$;`);
}

export function down(pgm: MigrationBuilder): void {
  pgm.sql(`
    DROP INDEX IF EXISTS bzc_bugs_short_desc_trgm_idx, bzc_bugs_whiteboard_trgm_idx, bzc_longdescs_thetext_trgm_idx,
      bzc_bugs_aliases_alias_trgm_idx;
    DROP INDEX bugs_bug_status_idx, bugs_resolution_idx, bugs_creation_ts_idx, bzc_bugs_product_idx,
      bzc_bugs_component_idx, bzc_bugs_priority_idx, bzc_bugs_severity_idx, bzc_bugs_version_idx,
      bzc_bugs_target_milestone_idx, bugs_activity_who_idx, longdescs_who_idx;`);
}
