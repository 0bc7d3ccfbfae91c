import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * The trigram indexes of migration 0050 keep a short pending list. A GIN index gathers new entries in
 * an unsorted pending list (fastupdate) until it holds gin_pending_list_limit (4 MB by default) or
 * VACUUM runs, and every search reads that list from end to end (PostgreSQL's "GIN Fast Update
 * Technique", gin.sgml): after an import all 10,000 summaries sat there, and a summary substring search
 * read them all (397 pages, 25 ms at 10,000 bugs), as did every comment search. At the smallest limit
 * (64 kB) a search reads a few pages at most and a write pays now and then for moving them into the
 * index; the lists already there are moved now.
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql(
    eachTrigramIndex(`EXECUTE format('ALTER INDEX %I SET (gin_pending_list_limit = 64)', index_name);
          PERFORM gin_clean_pending_list(to_regclass(index_name));`),
  );
}

export function down(pgm: MigrationBuilder): void {
  pgm.sql(eachTrigramIndex(`EXECUTE format('ALTER INDEX %I RESET (gin_pending_list_limit)', index_name);`));
}

/** `statement` for each of 0050's trigram indexes that exists (none without pg_trgm), its name in index_name. */
function eachTrigramIndex(statement: string): string {
  return `
    DO $$
    DECLARE
      index_name text;
    BEGIN
      FOREACH index_name IN ARRAY ARRAY['bzc_bugs_short_desc_trgm_idx', 'bzc_bugs_whiteboard_trgm_idx',
          'bzc_longdescs_thetext_trgm_idx', 'bzc_bugs_aliases_alias_trgm_idx'] LOOP
        IF to_regclass(index_name) IS NOT NULL THEN
          ${statement}
        END IF;
      END LOOP;
    END $$;`;
}
