import { type EndpointKey, splitEndpoint } from '@bz-companion/shared';

/**
 * Exact, case-sensitive matching of the endpoint map's paths, with one
 * `{id}` segment (last, or inside as in `/rest/bug/{id}/comment`). Hand-written rather than @koa/router: where Bugzilla answers
 * a known path's other methods 404 code 32614 and OPTIONS 200 `{}` with
 * `Allow`, the router's allowedMethods answers 405/501 and an empty OPTIONS,
 * so the contract would need its own code around the router anyway; and a Map
 * lookup is cheaper than the router's regexp per route. `npm run bench`
 * measures the same app routed both ways (the "routing A/B" rows).
 */
export interface Match<T> {
  /** The handlers of this path by method (GET also answers HEAD). */
  methods: ReadonlyMap<string, T>;
  pathId: string | undefined;
}

export class Dispatcher<T> {
  readonly #exact = new Map<string, Map<string, T>>();
  /** Paths ending in `/{id}`, by their prefix up to and including the last `/`. */
  readonly #withId = new Map<string, Map<string, T>>();
  /** Paths with `{id}` inside: `prefix` up to the `/` before it, `suffix` from the `/` after it. */
  readonly #idInside: Array<{ prefix: string; suffix: string; methods: Map<string, T> }> = [];
  /**
   * Paths with two or more `{…}` segments (`/rest/flag_type/{id}/{component}`): their segments,
   * null where a value goes. The values come joined with `/`, as Bugzilla's regular expressions
   * read them from the decoded path.
   */
  readonly #patterns: Array<{ segments: Array<string | null>; methods: Map<string, T> }> = [];

  add(key: EndpointKey, handler: T): void {
    const { method, path } = splitEndpoint(key);
    if (path.indexOf('{') !== path.lastIndexOf('{')) {
      const segments = path.split('/').map((segment) => (segment.startsWith('{') ? null : segment));
      let entry = this.#patterns.find((e) => e.segments.join('/') === segments.join('/'));
      if (!entry) {
        entry = { segments, methods: new Map() };
        this.#patterns.push(entry);
      }
      entry.methods.set(method, handler);
      return;
    }
    const inside = path.indexOf('/{id}/');
    if (inside >= 0) {
      const prefix = path.slice(0, inside + 1);
      const suffix = path.slice(inside + '/{id}'.length);
      let entry = this.#idInside.find((e) => e.prefix === prefix && e.suffix === suffix);
      if (!entry) {
        entry = { prefix, suffix, methods: new Map() };
        this.#idInside.push(entry);
      }
      entry.methods.set(method, handler);
      return;
    }
    const [table, at] = path.endsWith('/{id}') ? [this.#withId, path.slice(0, -'{id}'.length)] : [this.#exact, path];
    let methods = table.get(at);
    if (!methods) {
      methods = new Map();
      table.set(at, methods);
    }
    methods.set(method, handler);
  }

  match(path: string): Match<T> | undefined {
    const exact = this.#exact.get(path);
    if (exact) return { methods: exact, pathId: undefined };
    const slash = path.lastIndexOf('/');
    if (slash === path.length - 1) return undefined;
    const withId = this.#withId.get(path.slice(0, slash + 1));
    if (withId) return { methods: withId, pathId: decodeSegment(path.slice(slash + 1)) };
    for (const { prefix, suffix, methods } of this.#idInside) {
      if (path.length <= prefix.length + suffix.length || !path.startsWith(prefix) || !path.endsWith(suffix)) continue;
      const segment = path.slice(prefix.length, path.length - suffix.length);
      if (!segment.includes('/')) return { methods, pathId: decodeSegment(segment) };
    }
    return this.#pattern(path);
  }

  #pattern(path: string): Match<T> | undefined {
    if (this.#patterns.length === 0) return undefined;
    const parts = path.split('/');
    for (const { segments, methods } of this.#patterns) {
      if (segments.length !== parts.length) continue;
      const values: string[] = [];
      const fits = segments.every((segment, index) => {
        const part = parts[index] as string;
        if (segment !== null) return segment === part;
        values.push(decodeSegment(part));
        return part !== '';
      });
      if (fits) return { methods, pathId: values.join('/') };
    }
    return undefined;
  }
}

/** Percent-decodes a path segment; malformed escapes stay as they came (they then fail as an id). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The methods to list in `Allow`: HEAD with GET, and OPTIONS always. */
export function allowedMethods(methods: ReadonlyMap<string, unknown>): string[] {
  const allowed = [...methods.keys()];
  if (methods.has('GET')) allowed.push('HEAD');
  allowed.push('OPTIONS');
  return allowed;
}
