import { z } from 'zod';
import { auditEventSchema, auditLogFromFixture } from './fixture/audit-log.js';
import { bugContentFromFixture } from './fixture/bug-content.js';
import { bugSchema, bugsFromFixture } from './fixture/bugs.js';
import { groupsFromFixture, groupsSchema } from './fixture/groups.js';
import { instanceFromFixture, instanceSchema } from './fixture/instance.js';
import { lastVisitSchema, lastVisitsFromFixture } from './fixture/last-visits.js';
import { FixtureError, FixtureReferences } from './fixture/references.js';
import { userSchema, usersFromFixture } from './fixture/users.js';
import { emptySnapshot, type StoreSnapshot } from './snapshot.js';

export { FixtureError } from './fixture/references.js';

/**
 * The fixture format of spec/cli-and-fixtures.md; unknown keys are errors.
 * Each section's schema and its conversion live in fixture/SECTION.ts.
 */
export const fixtureSchema = z.strictObject({
  instance: instanceSchema.optional(),
  groups: groupsSchema.optional(),
  users: z.array(userSchema).optional(),
  bugs: z.array(bugSchema).optional(),
  audit_log: z.array(auditEventSchema).optional(),
  last_visits: z.array(lastVisitSchema).optional(),
});

export type Fixture = z.infer<typeof fixtureSchema>;

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i ? '.' : ''}${String(part)}`));
  const where = path.join('') || 'the fixture';
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => `"${key}"`).join(', ');
    return `${where} has unknown key${issue.keys.length > 1 ? 's' : ''} ${keys}`;
  }
  return `${where}: ${issue.message}`;
}

function parseFixture(input: unknown): Fixture {
  const parsed = fixtureSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0] as z.core.$ZodIssue;
  const more = parsed.error.issues.length - 1;
  throw new FixtureError(
    `${describeIssue(first)}${more > 0 ? ` (and ${more} more problem${more > 1 ? 's' : ''})` : ''}`,
  );
}

/**
 * Validates a parsed fixture and turns it into a store snapshot, or throws one FixtureError line.
 * Sections are read in the order they may refer to each other: a section refers only to earlier ones.
 */
export function snapshotFromFixture(input: unknown): StoreSnapshot {
  const fixture = parseFixture(input);
  const references = new FixtureReferences();
  const snapshot = emptySnapshot(instanceFromFixture(fixture.instance));
  snapshot.groups = groupsFromFixture(fixture.groups ?? [], references);
  snapshot.users = usersFromFixture(fixture.users ?? [], references);
  snapshot.bugs = bugsFromFixture(fixture.bugs ?? [], references);
  snapshot.comments = bugContentFromFixture(fixture.bugs ?? [], snapshot.bugs, references);
  snapshot.audit_log = auditLogFromFixture(fixture.audit_log ?? [], references);
  snapshot.last_visits = lastVisitsFromFixture(fixture.last_visits ?? [], references);
  return snapshot;
}
