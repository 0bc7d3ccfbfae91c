import type { FlagActivity } from '../bugzilla/flag/bmo-flag-activity.js';
import type { SnapshotFlagActivity } from '../bugzilla/store/snapshot.js';

/** A snapshot's flag_activity row as the domain's (every store loads them so). */
export function flagActivityOfRecord(record: SnapshotFlagActivity): FlagActivity {
  return {
    id: record.id,
    when: record.flag_when,
    typeId: record.type_id,
    flagId: record.flag_id,
    setterId: record.setter_id,
    requesteeId: record.requestee_id,
    bugId: record.bug_id,
    attachmentId: record.attachment_id,
    status: record.status,
  };
}

/** The domain's row as a snapshot holds it. */
export function recordOfFlagActivity(row: FlagActivity): SnapshotFlagActivity {
  return {
    id: row.id,
    flag_when: row.when,
    type_id: row.typeId,
    flag_id: row.flagId,
    setter_id: row.setterId,
    requestee_id: row.requesteeId,
    bug_id: row.bugId,
    attachment_id: row.attachmentId,
    status: row.status,
  };
}
