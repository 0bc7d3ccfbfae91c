import type { Profile } from '../../profiles/profile.js';

type Json = Record<string, unknown>;
type Parameter = { name?: string; in?: string };
type Operation = { parameters?: Parameter[]; responses?: Record<string, Json> };

/** Bug.search's names only BMO reads (its Bugzilla/WebService/Bug.pm search). */
const BMO_ONLY = new Set(['triage_owner', 'type', 'count_only']);

/** The first of a schema's alternatives all the way down, where the bugs are (the count is second). */
function bugsAlternative(schema: Json): { anyOf?: Json[] } | undefined {
  let found = schema as { anyOf?: Json[] };
  while (found.anyOf?.[0]?.anyOf) found = found.anyOf[0] as { anyOf?: Json[] };
  return found.anyOf ? found : undefined;
}

/**
 * The shared map describes Bug.search as BMO's too: its triage names and its `{bug_count}` answer.
 * A tracker without them (the profile's bmoSearch) reads neither: its description has only the bugs.
 */
export function describeBmoSearch(paths: Record<string, Record<string, Operation>>, profile: Profile): void {
  if (profile.bmoSearch) return;
  const search = paths['/rest/bug']?.get;
  if (!search) return;
  if (search.parameters) {
    search.parameters = search.parameters.filter(
      (parameter) => !(parameter.in === 'query' && BMO_ONLY.has(parameter.name ?? '')),
    );
  }
  const content = (search.responses?.['200'] as { content?: Record<string, { schema?: Json }> } | undefined)?.content;
  const schema = content?.['application/json']?.schema;
  const answers = schema ? bugsAlternative(schema) : undefined;
  // [bugs, count] becomes the bugs alone, in place (an anyOf of one is no choice).
  const bugs = answers?.anyOf?.length === 2 ? answers.anyOf[0] : undefined;
  if (answers && bugs) {
    delete answers.anyOf;
    Object.assign(answers, bugs);
  }
}
