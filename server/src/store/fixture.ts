import { parseBugzillaTime } from '@bz-companion/shared';
import { z } from 'zod';
import { hashApiKey } from './api-keys.js';
import { defaultInstance } from './default-instance.js';
import { emptySnapshot, type StoreSnapshot } from './snapshot.js';

/** A fixture that cannot be imported; the message is one line naming the bad key or reference. */
export class FixtureError extends Error {
  override readonly name = 'FixtureError';
}

const login = z.string().trim().min(1, 'must be a non-empty login');
const optionalLogin = login.nullable().optional();
const timestamp = z.string().refine(
  (text) => {
    try {
      parseBugzillaTime(text);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be a YYYY-MM-DDThh:mm:ssZ timestamp' },
);
const bugId = z.number().int().positive().max(2147483647);

/** The fixture format of spec/cli-and-fixtures.md; unknown keys are errors. */
export const fixtureSchema = z.strictObject({
  instance: z
    .strictObject({
      version: z.string().regex(/^\d+\.\d+(\.\d+)?\+?$/, 'must look like X.X or X.X.X, optionally ending in +'),
      extensions: z.record(z.string().min(1), z.strictObject({ version: z.string() })),
      parameters: z.record(z.string().min(1), z.string()),
      strict_involvement: z.boolean(),
      db_time_offset_seconds: z.number().int(),
    })
    .partial()
    .optional(),
  groups: z.array(z.string().trim().min(1)).optional(),
  users: z
    .array(
      z.strictObject({
        login,
        real_name: z.string().nullable().optional(),
        groups: z.array(z.string()).optional(),
        api_keys: z.array(z.string().min(1, 'an API key must not be empty')).optional(),
        revoked_api_keys: z.array(z.string().min(1, 'an API key must not be empty')).optional(),
        disabled: z.boolean().optional(),
        disabled_text: z.string().nullable().optional(),
      }),
    )
    .optional(),
  bugs: z
    .array(
      z.strictObject({
        id: bugId,
        alias: z.string().trim().min(1).nullable().optional(),
        reporter: optionalLogin,
        assigned_to: optionalLogin,
        qa_contact: optionalLogin,
        cc: z.array(login).optional(),
        groups: z.array(z.string()).optional(),
        reporter_accessible: z.boolean().optional(),
        cclist_accessible: z.boolean().optional(),
      }),
    )
    .optional(),
  audit_log: z
    .array(
      z.strictObject({
        class: z.string().min(1),
        object_id: z.number().int().optional(),
        field: z.string().optional(),
        removed: z.string().optional(),
        added: z.string().optional(),
        at_time: timestamp,
        user: optionalLogin,
      }),
    )
    .optional(),
  last_visits: z.array(z.strictObject({ user: login, bug_id: bugId, last_visit_ts: timestamp })).optional(),
});

export type Fixture = z.infer<typeof fixtureSchema>;

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i ? '.' : ''}${String(part)}`));
  const where = path.join('') || 'the fixture';
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => `"${key}"`).join(', ');
    return `${where === 'the fixture' ? 'the fixture' : where} has unknown key${issue.keys.length > 1 ? 's' : ''} ${keys}`;
  }
  return `${where}: ${issue.message}`;
}

/** Validates a parsed fixture and turns it into a store snapshot, or throws one FixtureError line. */
export function snapshotFromFixture(input: unknown): StoreSnapshot {
  const parsed = fixtureSchema.safeParse(input);
  if (!parsed.success) {
    const first = parsed.error.issues[0] as z.core.$ZodIssue;
    const more = parsed.error.issues.length - 1;
    throw new FixtureError(
      `${describeIssue(first)}${more > 0 ? ` (and ${more} more problem${more > 1 ? 's' : ''})` : ''}`,
    );
  }
  const fixture = parsed.data;
  const defaults = defaultInstance();
  const snapshot = emptySnapshot({
    version: fixture.instance?.version ?? defaults.version,
    extensions: fixture.instance?.extensions ?? {},
    parameters: { ...defaults.parameters, ...fixture.instance?.parameters },
    strict_involvement: fixture.instance?.strict_involvement ?? false,
    visit_retention: Object.hasOwn(fixture.instance?.parameters ?? {}, 'last_visit_keep_days'),
    db_time_offset_seconds: fixture.instance?.db_time_offset_seconds ?? 0,
  });

  const groups = new Set<string>();
  for (const group of fixture.groups ?? []) groups.add(group);
  snapshot.groups = [...groups];
  const checkGroup = (group: string, where: string) => {
    if (!groups.has(group)) throw new FixtureError(`${where}: unknown group "${group}" (declare it in "groups")`);
  };

  const userIds = new Map<string, number>();
  const keyOwners = new Map<string, string>();
  (fixture.users ?? []).forEach((user, index) => {
    const where = `users[${index}]`;
    const key = user.login.toLowerCase();
    if (userIds.has(key)) throw new FixtureError(`${where}.login: "${user.login}" is listed twice`);
    userIds.set(key, index + 1);
    for (const [g, group] of (user.groups ?? []).entries()) checkGroup(group, `${where}.groups[${g}]`);
    const keys = [
      ...(user.api_keys ?? []).map((k) => ({ k, revoked: false })),
      ...(user.revoked_api_keys ?? []).map((k) => ({ k, revoked: true })),
    ];
    for (const { k } of keys) {
      const owner = keyOwners.get(k);
      if (owner !== undefined)
        throw new FixtureError(`${where}: an API key of "${user.login}" is also given to "${owner}"`);
      keyOwners.set(k, user.login);
    }
    snapshot.users.push({
      id: index + 1,
      login: user.login,
      real_name: user.real_name ?? '',
      groups: [...new Set(user.groups ?? [])],
      api_keys: keys.map(({ k, revoked }) => ({ sha256: hashApiKey(k), revoked })),
      disabled: user.disabled ?? false,
      disabled_text: user.disabled_text ?? null,
    });
  });
  const userRef = (value: string | null | undefined, where: string): number | null => {
    if (value === null || value === undefined) return null;
    const id = userIds.get(value.toLowerCase());
    if (id === undefined) throw new FixtureError(`${where}: unknown user "${value}"`);
    return id;
  };

  const bugIds = new Set<number>();
  const aliases = new Set<string>();
  (fixture.bugs ?? []).forEach((bug, index) => {
    const where = `bugs[${index}]`;
    if (bugIds.has(bug.id)) throw new FixtureError(`${where}.id: bug ${bug.id} is listed twice`);
    bugIds.add(bug.id);
    const alias = bug.alias ?? null;
    if (alias !== null) {
      if (/^\d+$/.test(alias)) throw new FixtureError(`${where}.alias: "${alias}" is a number; an alias must not be`);
      if (/[\s,]/.test(alias)) throw new FixtureError(`${where}.alias: "${alias}" must not contain spaces or commas`);
      if (aliases.has(alias.toLowerCase())) throw new FixtureError(`${where}.alias: "${alias}" is used by another bug`);
      aliases.add(alias.toLowerCase());
    }
    for (const [g, group] of (bug.groups ?? []).entries()) checkGroup(group, `${where}.groups[${g}]`);
    snapshot.bugs.push({
      id: bug.id,
      alias,
      reporter_id: userRef(bug.reporter, `${where}.reporter`),
      assigned_to_id: userRef(bug.assigned_to, `${where}.assigned_to`),
      qa_contact_id: userRef(bug.qa_contact, `${where}.qa_contact`),
      cc_ids: (bug.cc ?? []).map((cc, c) => userRef(cc, `${where}.cc[${c}]`) as number),
      groups: [...new Set(bug.groups ?? [])],
      reporter_accessible: bug.reporter_accessible ?? true,
      cclist_accessible: bug.cclist_accessible ?? true,
    });
  });

  (fixture.audit_log ?? []).forEach((event, index) => {
    snapshot.audit_log.push({
      class: event.class,
      object_id: event.object_id ?? 0,
      field: event.field ?? '',
      removed: event.removed ?? '',
      added: event.added ?? '',
      at_time: event.at_time,
      user_id: userRef(event.user, `audit_log[${index}].user`),
    });
  });

  const visitsByUser = new Map<number, StoreSnapshot['last_visits'][number]>();
  (fixture.last_visits ?? []).forEach((visit, index) => {
    const where = `last_visits[${index}]`;
    const userId = userRef(visit.user, `${where}.user`) as number;
    if (!bugIds.has(visit.bug_id)) throw new FixtureError(`${where}.bug_id: unknown bug ${visit.bug_id}`);
    let visits = visitsByUser.get(userId);
    if (!visits) {
      visits = { user_id: userId, bug_ids: [], last_visit_ts: [] };
      visitsByUser.set(userId, visits);
    }
    visits.bug_ids.push(visit.bug_id);
    visits.last_visit_ts.push(parseBugzillaTime(visit.last_visit_ts) / 1000);
  });
  snapshot.last_visits = [...visitsByUser.values()];
  return snapshot;
}
