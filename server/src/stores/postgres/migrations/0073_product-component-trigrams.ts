import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Trigram indexes of the product's and the component's names (bzc_fields here, where a Bugzilla database
 * sub-selects them by id), with 0072's short pending list: quicksearch looks for each word in both
 * (Quicksearch.pm _default_quicksearch_word), and an OR is answered from indexes only when every branch
 * has one (search-dialect.ts orBranch). Left out without pg_trgm, as in 0050.
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql(`
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        CREATE INDEX bzc_bugs_product_trgm_idx ON bugs USING gin ((bzc_fields->>'product') gin_trgm_ops)
          WITH (gin_pending_list_limit = 64);
        CREATE INDEX bzc_bugs_component_trgm_idx ON bugs USING gin ((bzc_fields->>'component') gin_trgm_ops)
          WITH (gin_pending_list_limit = 64);
      END IF;
    END $$;`);
}

export function down(pgm: MigrationBuilder): void {
  pgm.sql('DROP INDEX IF EXISTS bzc_bugs_product_trgm_idx, bzc_bugs_component_trgm_idx');
}
