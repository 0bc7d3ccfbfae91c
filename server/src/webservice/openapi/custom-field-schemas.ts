type Json = Record<string, unknown>;

/** A custom field's name, as Bugzilla::Field makes them. */
const CUSTOM_FIELD_NAME = '^cf_[a-z0-9_]+$';

/** A custom field's value as Bug.get answers it (WebService/Bug.pm `_bug_to_hash`), by its type. */
const ANSWERED: Json = {
  description:
    "A custom field's value: a string (free text, drop-down, large text box; an integer's digits), a list of strings (multiple-selection), a dateTime or null (date/time; a date at midnight), an int or null (bug id). Every field that is not obsolete is answered; include_fields=_custom asks for them alone.",
  anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, { type: 'integer' }, { type: 'null' }],
};

/** What Bug.create and Bug.update take for one (Bug.pm's validator of its type). */
const TAKEN: Json = {
  description:
    "A custom field's new value: text; a drop-down's value; a multiple-selection's values as a list or a comma-separated string; a date/time as YYYY-MM-DD[ HH:MM[:SS]] (UTC) and a date as YYYY-MM-DD (empty or null: none); a bug id or alias; an integer (or its digits).",
  anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, { type: 'integer' }, { type: 'null' }],
};

type Operation = { requestBody?: { content?: Record<string, { schema?: Json }> }; responses?: Record<string, Json> };

const bodySchema = (operation: Operation | undefined) => operation?.requestBody?.content?.['application/json']?.schema;

type AnsweredBugs = { properties?: { bugs?: { items?: Json } }; anyOf?: AnsweredBugs[] };

function answeredBugs(operation: Operation | undefined): Json | undefined {
  const content = (operation?.responses?.['200'] as { content?: Record<string, { schema?: Json }> } | undefined)
    ?.content?.['application/json']?.schema as AnsweredBugs | undefined;
  // Under the 5.x and bmo profiles a 200 is the answer or Perl's die (openapi-document.ts successSchema), and
  // Bug.search's answer the bugs or BMO's count: the bugs are the first of each.
  let answer = content;
  while (answer?.anyOf) answer = answer.anyOf[0];
  return answer?.properties?.bugs?.items;
}

/**
 * The tracker's custom fields in the description: no list of them (each tracker has its own), but
 * the members `cf_…` of a bug in Bug.get and Bug.search, and of Bug.create's and Bug.update's bodies.
 */
export function describeCustomFields(paths: Record<string, Record<string, Operation>>): void {
  for (const bug of [answeredBugs(paths['/rest/bug']?.get), answeredBugs(paths['/rest/bug/{id}']?.get)]) {
    if (bug) bug.patternProperties = { [CUSTOM_FIELD_NAME]: ANSWERED };
  }
  for (const body of [
    bodySchema(paths['/rest/bug']?.post),
    bodySchema(paths['/rest/bug']?.put),
    bodySchema(paths['/rest/bug/{id}']?.put),
  ]) {
    if (body) body.patternProperties = { [CUSTOM_FIELD_NAME]: TAKEN };
  }
}
