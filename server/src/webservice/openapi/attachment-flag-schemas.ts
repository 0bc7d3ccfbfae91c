import type { Profile } from '../../profiles/profile.js';

type Json = Record<string, unknown>;

/** The members of an attachment that 5.1 answers as booleans (as_boolean), 5.2 as 0/1. */
const FLAG_MEMBERS = new Set(['is_patch', 'is_obsolete', 'is_private']);

/** The answers that hold attachments: Bug.attachments by bug and by attachment id. */
const ANSWERS: ReadonlyArray<[path: string, method: string]> = [
  ['/rest/bug/{id}/attachment', 'get'],
  ['/rest/bug/attachment/{id}', 'get'],
];

/**
 * Under a profile whose tracker answers an attachment's is_patch, is_obsolete and is_private as
 * booleans (bugzilla-5.1: profile.attachmentFlags, as attachment-json.ts answers them), the
 * description says booleans too, so a validating proxy and a generated client read them as sent.
 */
export function describeAttachmentFlags(paths: Record<string, Record<string, Json>>, profile: Profile): void {
  if (profile.attachmentFlags !== 'booleans') return;
  for (const [path, method] of ANSWERS) {
    const responses = paths[path]?.[method]?.responses as Record<string, Json> | undefined;
    if (responses?.['200']) asBooleans(responses['200']);
  }
}

/** Every `properties` member named as a flag, anywhere in the schema, typed boolean. */
function asBooleans(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) asBooleans(item);
    return;
  }
  if (typeof schema !== 'object' || schema === null) return;
  const properties = (schema as { properties?: Record<string, unknown> }).properties;
  if (properties) {
    for (const name of Object.keys(properties)) {
      if (FLAG_MEMBERS.has(name)) properties[name] = { type: 'boolean' };
    }
  }
  for (const value of Object.values(schema)) asBooleans(value);
}
