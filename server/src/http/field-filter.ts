/**
 * Bugzilla's include_fields / exclude_fields, by top-level key: they only ever
 * narrow a response. Given repeated or as comma/space separated lists.
 */
export interface FieldFilter {
  include: ReadonlySet<string> | null;
  exclude: ReadonlySet<string>;
}

function names(values: string[]): string[] {
  return values.flatMap((value) => value.split(/[\s,]+/)).filter((name) => name !== '');
}

export function readFieldFilter(query: URLSearchParams): FieldFilter | null {
  const include = names(query.getAll('include_fields'));
  const exclude = names(query.getAll('exclude_fields'));
  if (include.length === 0 && exclude.length === 0) return null;
  return { include: include.length > 0 ? new Set(include) : null, exclude: new Set(exclude) };
}

function wants(filter: FieldFilter, name: string): boolean {
  if (filter.exclude.has(name)) return false;
  return filter.include === null || filter.include.has(name);
}

function filterObject(value: Record<string, unknown>, filter: FieldFilter): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(value)) if (wants(filter, key)) kept[key] = value[key];
  return kept;
}

/** Narrows an object, or each object of an array; `nestedKey` filters inside that member instead (parameters). */
export function applyFieldFilter(value: unknown, filter: FieldFilter, nestedKey?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => applyFieldFilter(item, filter, nestedKey));
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  if (nestedKey !== undefined) {
    const inner = object[nestedKey];
    if (inner === null || typeof inner !== 'object') return object;
    const narrowed: Record<string, unknown> = {};
    for (const key of Object.keys(object)) narrowed[key] = object[key];
    narrowed[nestedKey] = filterObject(inner as Record<string, unknown>, filter);
    return narrowed;
  }
  return filterObject(object, filter);
}

/**
 * include/exclude_fields from a request body, each replaced by the query's when
 * both have it (Perl's merge of parameters); undefined when the body has none.
 */
export function bodyFieldFilter(body: Record<string, unknown>, query: URLSearchParams): FieldFilter | null | undefined {
  if (!Object.hasOwn(body, 'include_fields') && !Object.hasOwn(body, 'exclude_fields')) return undefined;
  const merged = new URLSearchParams();
  for (const name of ['include_fields', 'exclude_fields']) {
    const fromQuery = query.getAll(name);
    const fromBody = Object.hasOwn(body, name) ? body[name] : undefined;
    const values = fromQuery.length > 0 ? fromQuery : Array.isArray(fromBody) ? fromBody : [fromBody];
    for (const value of values) if (typeof value === 'string') merged.append(name, value);
  }
  return readFieldFilter(merged);
}
