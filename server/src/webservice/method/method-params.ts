import { perlTrue } from '../../bugzilla/perl-truth.js';
import type { ApiRequest } from './route.js';

/**
 * A method's parameters as 5.2 reads them: a GET's query (a repeated name is a list) or a
 * body's members, with what the REST path says added under its name unless the query or
 * body already has that parameter (5.2's REST never lets the path override them).
 */
export class MethodParams {
  readonly #request: ApiRequest;
  readonly #path = new Map<string, unknown>();

  constructor(request: ApiRequest, path: Record<string, unknown> = {}) {
    this.#request = request;
    for (const [name, value] of Object.entries(path)) if (!this.has(name, false)) this.#path.set(name, value);
  }

  /** `/product/{id}` as 5.2 reads it: digits are `ids`, anything else `names`. */
  static idsOrNames(request: ApiRequest): MethodParams {
    const segment = request.pathId;
    if (segment === undefined) return new MethodParams(request);
    return new MethodParams(request, { [/^\d+$/.test(segment) ? 'ids' : 'names']: [segment] });
  }

  has(name: string, withPath = true): boolean {
    if (withPath && this.#path.has(name)) return true;
    const { body, query } = this.#request;
    if (body) return Object.hasOwn(body, name) && body[name] !== null && body[name] !== undefined;
    return query.has(name);
  }

  /** The value as sent (a body's member, a query's last value, the path's). */
  value(name: string): unknown {
    if (this.#path.has(name)) return this.#path.get(name);
    const { body, query } = this.#request;
    if (body) return Object.hasOwn(body, name) ? body[name] : undefined;
    const values = query.getAll(name);
    return values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
  }

  /** A list parameter: every value, as text (a scalar is a list of one). */
  list(name: string): string[] {
    const value = this.value(name);
    if (value === undefined || value === null) return [];
    return (Array.isArray(value) ? value : [value]).map(text);
  }

  text(name: string): string | undefined {
    const value = this.value(name);
    if (value === undefined || value === null) return undefined;
    return text(Array.isArray(value) ? value[value.length - 1] : value);
  }

  /** Perl's truth of the value: absent, `0`, `""` and false are false. */
  flag(name: string): boolean | undefined {
    const value = this.value(name);
    if (value === undefined || value === null) return undefined;
    const single = Array.isArray(value) ? value[value.length - 1] : value;
    return perlTrue(single);
  }
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}
