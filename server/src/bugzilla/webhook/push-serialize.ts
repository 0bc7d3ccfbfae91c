import { canSeeBug } from '../access.js';
import type { Attachment } from '../attachment/attachment.js';
import { afterRead, type Read, readAll } from '../read.js';
import type { Store } from '../store/store.js';
import type { Bug, BugFlag, Comment, User } from '../types.js';

/*
 * BMO's Push extension's serialisation of bugs, comments and attachments into a message's payload
 * (extensions/Push/lib/Serialize.pm): its own shape, not the WebService's (`operating_system`,
 * users as `{id, login, real_name}`, times without a zone, '' for '---').
 */

export type Json = Record<string, unknown>;

/** Push's datetime_to_timestamp: `YYYY-MM-DDTHH:MM:SS`, UTC, no zone (DateTime's `datetime`). */
export const pushTime = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19);

/** Push's `_select`: single-select fields that have no value say '---' or '--'; it sends ''. */
export const pushSelect = (value: string) => (value === '---' || value === '--' ? '' : value);

/** Push's `_user`. */
export function pushUser(user: User): Json {
  return { id: user.id, login: user.login, real_name: user.realName };
}

/** Push's is_public: what someone logged out could see. */
export const isPublicBug = (bug: Bug) => canSeeBug(undefined, bug, {});

function flagHash(flag: BugFlag, requestee: User | undefined): Json {
  const hash: Json = { id: flag.id, name: flag.name, value: flag.status };
  if (requestee) hash.requestee = pushUser(requestee);
  return hash;
}

const flagsOf = (flags: readonly BugFlag[], store: Store): Read<Json[]> =>
  readAll(
    flags.map((flag) =>
      afterRead(flag.requestee ? store.userByLogin(flag.requestee) : undefined, (requestee) =>
        flagHash(flag, requestee),
      ),
    ),
  );

/** Push's `_bug`. */
export function pushBug(bug: Bug, store: Store): Read<Json> {
  const f = bug.fields;
  const person = (id: number | null) => (id === null ? undefined : store.userById(id));
  return afterRead(readAll([person(bug.assignedTo), person(bug.reporter), person(bug.qaContact)]), (people) => {
    const [assignee, reporter, qaContact] = people;
    return afterRead(flagsOf(f.flags, store), (flags) => {
      const hash: Json = {
        id: bug.id,
        alias: bug.aliases[0] ?? '',
        assigned_to: assignee?.login ?? '',
        assigned_to_detail: assignee ? pushUser(assignee) : null,
        classification: f.classification,
        component: f.component,
        creation_time: pushTime(f.creation_time || f.last_change_time),
        creator: reporter?.login ?? '',
        creator_detail: reporter ? pushUser(reporter) : null,
        flags,
        is_private: !isPublicBug(bug),
        keywords: [...f.keywords],
        last_change_time: pushTime(f.last_change_time),
        operating_system: f.op_sys,
        platform: f.platform,
        priority: pushSelect(f.priority),
        product: f.product,
        resolution: f.resolution,
        see_also: [...f.see_also],
        severity: f.severity,
        status: f.status,
        summary: f.summary,
        target_milestone: f.target_milestone,
        type: f.bug_type ?? 'defect',
        url: f.url,
        version: f.version,
        whiteboard: f.whiteboard,
      };
      if (qaContact) {
        hash.qa_contact = qaContact.login;
        hash.qa_contact_detail = pushUser(qaContact);
      } else hash.qa_contact = '';
      return hash;
    });
  });
}

/** Push's `_comment`: `number` is its place in the bug (0 the description). */
export function pushComment(comment: Comment, count: number, bug: Bug, store: Store): Read<Json> {
  return afterRead(pushBug(bug, store), (bugHash) => ({
    id: comment.id,
    body: comment.text,
    creation_time: pushTime(comment.time),
    is_private: comment.isPrivate,
    number: count,
    bug: bugHash,
  }));
}

/** Push's `_attachment`. */
export function pushAttachment(attachment: Attachment, bug: Bug, store: Store): Read<Json> {
  return afterRead(flagsOf(attachment.flags, store), (flags) =>
    afterRead(pushBug(bug, store), (bugHash) => ({
      id: attachment.id,
      content_type: attachment.contentType,
      creation_time: pushTime(attachment.creationTime),
      description: attachment.description,
      file_name: attachment.fileName,
      flags,
      is_obsolete: attachment.isObsolete,
      is_patch: attachment.isPatch,
      is_private: attachment.isPrivate || !isPublicBug(bug),
      last_change_time: pushTime(attachment.modificationTime),
      bug: bugHash,
    })),
  );
}
