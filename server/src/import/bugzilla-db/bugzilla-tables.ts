import type { CustomField } from '../../bugzilla/field/custom-field.js';
import type { SnapshotPart } from '../../bugzilla/store/snapshot-stream.js';
import { readBugzillaAuditLog, readBugzillaComments, readBugzillaVisits } from './read-activity.js';
import { readBugzillaAttachments } from './read-attachments.js';
import { readBugzillaBugs } from './read-bugs.js';
import { type BugzillaGroups, readBugzillaUsers } from './read-users.js';
import type { IdRange } from './rows.js';
import type { BugzillaSource } from './source.js';

/** What every table's batches are read with. */
export interface TableContext {
  source: BugzillaSource;
  groups: BugzillaGroups;
  withPasswords: boolean;
  bugzillaDir: string | undefined;
  /** The catalogue's custom fields, whose values each bug batch reads beside its row. */
  customFields: readonly CustomField[];
}

/**
 * One table an import reads, a window of its ids at a time: which ids (`id` of `table`), how many
 * a window spans (so that a batch is a few thousand rows whatever the tracker's size), and how a
 * window becomes the snapshot's records. A table more is a row here.
 */
export interface BugzillaTable {
  /** How progress lines name it. */
  what: string;
  table: string;
  id: string;
  window: number;
  section: SnapshotPart['section'];
  read: (context: TableContext, range: IdRange) => Promise<SnapshotPart[]>;
}

/** In the snapshot's section order: a section refers only to earlier ones. */
export const BUGZILLA_TABLES: readonly BugzillaTable[] = [
  {
    what: 'users',
    table: 'profiles',
    id: 'userid',
    window: 5000,
    section: 'users',
    read: async (c, range) => [
      {
        section: 'users',
        records: await readBugzillaUsers(c.source, c.groups, { withPasswords: c.withPasswords }, range),
      },
    ],
  },
  {
    // With their aliases, CC, groups, keywords, See Also, dependencies, duplicates, flags and history.
    what: 'bugs',
    table: 'bugs',
    id: 'bug_id',
    window: 2000,
    section: 'bugs',
    read: async (c, range) => [
      { section: 'bugs', records: await readBugzillaBugs(c.source, c.groups.groupNames, range, c.customFields) },
    ],
  },
  {
    what: 'comments',
    table: 'longdescs',
    id: 'comment_id',
    window: 10_000,
    section: 'comments',
    read: async (c, range) => [{ section: 'comments', records: await readBugzillaComments(c.source, range) }],
  },
  {
    // Their bytes are in the batch: a window of few attachments.
    what: 'attachments',
    table: 'attachments',
    id: 'attach_id',
    window: 100,
    section: 'attachments',
    read: async (c, range) => {
      const { attachments, attachment_data } = await readBugzillaAttachments(c.source, c.bugzillaDir, range);
      return [
        { section: 'attachments', records: attachments },
        {
          section: 'attachment_data',
          records: Object.entries(attachment_data).map(([sha256, base64]) => ({ sha256, base64 })),
        },
      ];
    },
  },
  {
    // Bugzilla's audit_log has no id column: its rows (administrators' changes, few) are one batch.
    what: 'audit events',
    table: 'audit_log',
    id: 'object_id',
    window: Number.POSITIVE_INFINITY,
    section: 'audit_log',
    read: async (c) => [{ section: 'audit_log', records: await readBugzillaAuditLog(c.source) }],
  },
  {
    // A window of users, each with all their visits.
    what: 'visits',
    table: 'bug_user_last_visit',
    id: 'user_id',
    window: 1000,
    section: 'last_visits',
    read: async (c, range) => [{ section: 'last_visits', records: await readBugzillaVisits(c.source, range) }],
  },
];
