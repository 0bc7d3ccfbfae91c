import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Bugzilla 5.2's own tables, with the columns we store, named and typed as its
 * checksetup.pl makes them on PostgreSQL (server/test-data/bugzilla-5.2/schema-postgres.sql):
 * timestamps are `timestamp(0) without time zone` holding UTC, booleans are smallint 0/1.
 * Where we differ, it is said beside the column. Later migrations add columns as
 * the store needs them (bug fields, comments, history), never by editing this one.
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql(`
    CREATE TABLE profiles (
      userid serial PRIMARY KEY,
      login_name varchar(255) NOT NULL,
      cryptpassword varchar(128),
      realname varchar(255) NOT NULL DEFAULT '',
      disabledtext text NOT NULL DEFAULT '',
      is_enabled smallint NOT NULL DEFAULT 1,
      last_seen_date timestamp(0) without time zone
    );
    CREATE UNIQUE INDEX profiles_login_name_idx ON profiles (login_name);
    CREATE UNIQUE INDEX profiles_login_name_lower_idx ON profiles (lower(login_name));

    CREATE TABLE groups (
      id serial PRIMARY KEY,
      name varchar(255) NOT NULL,
      description text NOT NULL DEFAULT '',
      isbuggroup smallint NOT NULL DEFAULT 0,
      userregexp varchar(255) NOT NULL DEFAULT '',
      isactive smallint NOT NULL DEFAULT 1
    );
    CREATE UNIQUE INDEX groups_name_idx ON groups (name);

    CREATE TABLE user_group_map (
      user_id integer NOT NULL REFERENCES profiles (userid) ON UPDATE CASCADE ON DELETE CASCADE,
      group_id integer NOT NULL REFERENCES groups (id) ON UPDATE CASCADE ON DELETE CASCADE,
      isbless smallint NOT NULL DEFAULT 0,
      grant_type integer NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX user_group_map_user_id_idx ON user_group_map (user_id, group_id, grant_type, isbless);

    -- reporter and assigned_to are NOT NULL in Bugzilla; a fixture may leave them out, so here they may be NULL.
    CREATE TABLE bugs (
      bug_id serial PRIMARY KEY,
      assigned_to integer REFERENCES profiles (userid) ON UPDATE CASCADE,
      reporter integer REFERENCES profiles (userid) ON UPDATE CASCADE,
      qa_contact integer REFERENCES profiles (userid) ON UPDATE CASCADE,
      short_desc varchar(255) NOT NULL DEFAULT '',
      bug_status varchar(64) NOT NULL DEFAULT 'CONFIRMED',
      resolution varchar(64) NOT NULL DEFAULT '',
      creation_ts timestamp(0) without time zone,
      delta_ts timestamp(0) without time zone NOT NULL DEFAULT (now() AT TIME ZONE 'UTC'),
      reporter_accessible smallint NOT NULL DEFAULT 1,
      cclist_accessible smallint NOT NULL DEFAULT 1
    );
    CREATE INDEX bugs_assigned_to_idx ON bugs (assigned_to);
    CREATE INDEX bugs_reporter_idx ON bugs (reporter);
    CREATE INDEX bugs_qa_contact_idx ON bugs (qa_contact);
    CREATE INDEX bugs_delta_ts_idx ON bugs (delta_ts);

    -- Bugzilla on PostgreSQL matches aliases case-sensitively; our API does not, so lower(alias) is unique too.
    CREATE TABLE bugs_aliases (
      alias varchar(40) NOT NULL,
      bug_id integer REFERENCES bugs (bug_id) ON UPDATE CASCADE ON DELETE CASCADE
    );
    CREATE UNIQUE INDEX bugs_aliases_alias_idx ON bugs_aliases (alias);
    CREATE UNIQUE INDEX bugs_aliases_alias_lower_idx ON bugs_aliases (lower(alias));
    CREATE INDEX bugs_aliases_bug_id_idx ON bugs_aliases (bug_id);

    CREATE TABLE cc (
      bug_id integer NOT NULL REFERENCES bugs (bug_id) ON UPDATE CASCADE ON DELETE CASCADE,
      who integer NOT NULL REFERENCES profiles (userid) ON UPDATE CASCADE ON DELETE CASCADE
    );
    CREATE UNIQUE INDEX cc_bug_id_idx ON cc (bug_id, who);
    CREATE INDEX cc_who_idx ON cc (who);

    CREATE TABLE bug_group_map (
      bug_id integer NOT NULL REFERENCES bugs (bug_id) ON UPDATE CASCADE ON DELETE CASCADE,
      group_id integer NOT NULL REFERENCES groups (id) ON UPDATE CASCADE ON DELETE CASCADE
    );
    CREATE UNIQUE INDEX bug_group_map_bug_id_idx ON bug_group_map (bug_id, group_id);
    CREATE INDEX bug_group_map_group_id_idx ON bug_group_map (group_id);

    CREATE TABLE longdescs (
      comment_id serial PRIMARY KEY,
      bug_id integer NOT NULL REFERENCES bugs (bug_id) ON UPDATE CASCADE ON DELETE CASCADE,
      who integer NOT NULL REFERENCES profiles (userid) ON UPDATE CASCADE,
      bug_when timestamp(0) without time zone NOT NULL,
      thetext text NOT NULL,
      isprivate smallint NOT NULL DEFAULT 0,
      type integer NOT NULL DEFAULT 0,
      extra_data varchar(255)
    );
    CREATE INDEX longdescs_bug_id_idx ON longdescs (bug_id);
    CREATE INDEX longdescs_bug_when_idx ON longdescs (bug_when);

    -- fieldid points into Bugzilla's fielddefs, which we do not keep: the field's id as Bugzilla numbers it.
    CREATE TABLE bugs_activity (
      id serial PRIMARY KEY,
      bug_id integer NOT NULL REFERENCES bugs (bug_id) ON UPDATE CASCADE ON DELETE CASCADE,
      who integer NOT NULL REFERENCES profiles (userid) ON UPDATE CASCADE,
      bug_when timestamp(0) without time zone NOT NULL,
      fieldid integer NOT NULL,
      added varchar(255),
      removed varchar(255),
      comment_id integer REFERENCES longdescs (comment_id) ON UPDATE CASCADE ON DELETE CASCADE
    );
    CREATE INDEX bugs_activity_bug_id_idx ON bugs_activity (bug_id);
    CREATE INDEX bugs_activity_bug_when_idx ON bugs_activity (bug_when);

    -- bzc_write_seq is ours: it orders visits written within one second (the later write first),
    -- where Bugzilla's id only records when a row was first created. It is a bigint, so it never runs out.
    CREATE SEQUENCE bzc_visit_write_seq AS bigint;
    CREATE TABLE bug_user_last_visit (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES profiles (userid) ON UPDATE CASCADE ON DELETE CASCADE,
      bug_id integer NOT NULL REFERENCES bugs (bug_id) ON UPDATE CASCADE ON DELETE CASCADE,
      last_visit_ts timestamp(0) without time zone NOT NULL,
      bzc_write_seq bigint NOT NULL DEFAULT nextval('bzc_visit_write_seq')
    );
    CREATE UNIQUE INDEX bug_user_last_visit_idx ON bug_user_last_visit (user_id, bug_id);
    CREATE INDEX bug_user_last_visit_last_visit_ts_idx ON bug_user_last_visit (last_visit_ts);
    CREATE INDEX bzc_bug_user_last_visit_recent_idx ON bug_user_last_visit (user_id, last_visit_ts DESC, bzc_write_seq DESC);

    CREATE TABLE audit_log (
      user_id integer REFERENCES profiles (userid) ON UPDATE CASCADE ON DELETE SET NULL,
      class varchar(255) NOT NULL,
      object_id integer NOT NULL,
      field varchar(64) NOT NULL,
      removed text,
      added text,
      at_time timestamp(0) without time zone NOT NULL
    );
    CREATE INDEX audit_log_class_idx ON audit_log (class, at_time);

    -- Bugzilla keeps keys here in clear; bz-companion keeps only their hashes (bzc_api_key_hashes).
    -- The table exists so that the schema is Bugzilla's; it is read only when serving a Bugzilla database.
    CREATE TABLE user_api_keys (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES profiles (userid) ON UPDATE CASCADE ON DELETE CASCADE,
      api_key varchar(40) NOT NULL,
      description varchar(255),
      revoked smallint NOT NULL DEFAULT 0,
      last_used timestamp(0) without time zone
    );
    CREATE UNIQUE INDEX user_api_keys_api_key_idx ON user_api_keys (api_key);
    CREATE INDEX user_api_keys_user_id_idx ON user_api_keys (user_id);

    CREATE TABLE tokens (
      userid integer REFERENCES profiles (userid) ON UPDATE CASCADE ON DELETE CASCADE,
      issuedate timestamp(0) without time zone NOT NULL,
      token varchar(16) PRIMARY KEY,
      tokentype varchar(16) NOT NULL,
      eventdata varchar(255)
    );
    CREATE INDEX tokens_userid_idx ON tokens (userid);

    -- Ours: what the data file's "instance" holds. One row (id is always 1).
    CREATE TABLE bzc_instance (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      version varchar(64) NOT NULL,
      extensions jsonb NOT NULL DEFAULT '{}',
      parameters jsonb NOT NULL DEFAULT '{}',
      strict_involvement boolean NOT NULL DEFAULT false,
      visit_retention boolean NOT NULL DEFAULT false,
      db_time_offset_seconds integer NOT NULL DEFAULT 0
    );

    -- Ours: API keys as SHA-256 hashes (hex); a key itself is never stored.
    CREATE TABLE bzc_api_key_hashes (
      sha256 char(64) PRIMARY KEY,
      user_id integer NOT NULL REFERENCES profiles (userid) ON UPDATE CASCADE ON DELETE CASCADE,
      revoked boolean NOT NULL DEFAULT false
    );
    CREATE INDEX bzc_api_key_hashes_user_id_idx ON bzc_api_key_hashes (user_id);
  `);
}

/** Going back from the first version would drop every table: not offered. */
export const down = false;
