/** Bugzilla 5.x's tables that the store keeps, named and typed as Bugzilla's own (a subset of their columns). */
export const BUGZILLA_TABLES = [
  'profiles',
  'groups',
  'user_group_map',
  'bugs',
  'bugs_aliases',
  'cc',
  'keyworddefs',
  'keywords',
  'dependencies',
  'bug_see_also',
  'bug_group_map',
  'longdescs',
  'longdescs_tags',
  'bugs_activity',
  'flags',
  'attachments',
  'attach_data',
  'tag',
  'bug_tag',
  'bug_user_last_visit',
  'audit_log',
  'user_api_keys',
  'tokens',
] as const;

/**
 * bugzilla.mozilla.org's tables the store keeps for a BMO data set, named and typed as BMO's
 * (`profile_setting` is 5.2's too, but not among the tables its recorded schema holds).
 */
export const BMO_TABLES = ['profile_setting', 'longdescs_reactions', 'flag_activity'] as const;

/** Our own tables, where Bugzilla has none (the migrations' record, bzc_schema_migrations, aside). */
export const OWN_TABLES = ['bzc_instance', 'bzc_api_key_hashes', 'bzc_login_tokens', 'bzc_login_failures'] as const;

/**
 * Every table above, each before the tables it refers to: the order in which
 * their rows can be deleted (tables.test.ts checks it against the database's
 * foreign keys).
 */
export const TABLES_REFERRING_FIRST = [
  'flag_activity',
  'longdescs_reactions',
  'profile_setting',
  'bzc_login_failures',
  'bzc_login_tokens',
  'bzc_api_key_hashes',
  'tokens',
  'user_api_keys',
  'audit_log',
  'bug_user_last_visit',
  'bug_tag',
  'tag',
  'bugs_activity',
  'flags',
  'attach_data',
  'attachments',
  'longdescs_tags',
  'longdescs',
  'bug_group_map',
  'bug_see_also',
  'dependencies',
  'keywords',
  'keyworddefs',
  'cc',
  'bugs_aliases',
  'bugs',
  'user_group_map',
  'groups',
  'profiles',
  'bzc_instance',
] as const satisfies ReadonlyArray<
  (typeof BUGZILLA_TABLES)[number] | (typeof BMO_TABLES)[number] | (typeof OWN_TABLES)[number]
>;
