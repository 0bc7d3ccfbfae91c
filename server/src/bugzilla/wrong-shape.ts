import { BugzillaError } from './errors.js';

/**
 * A parameter of the wrong shape where a write expects a list or a struct (`cc` as a list, `flags` as
 * a struct, `comment` as a string). 5.2's Perl dies there: HTTP 200, code 100500, its message; a
 * profile that reproduces that answers it as is, the others as a plain Bugzilla error (`asContract`).
 */
export class WrongShapeError extends BugzillaError {
  readonly param: string;
  readonly expected: string;

  constructor(perlMessage: string, param: string, expected: string) {
    super(100500, perlMessage, { status: 200 });
    this.param = param;
    this.expected = expected;
  }

  /** The same refusal as bz-companion's own contract answers it. */
  asContract(): BugzillaError {
    return new BugzillaError(32000, `The '${this.param}' parameter must be ${this.expected}.`);
  }
}

/** A write's refusals as the profile answers a parameter of the wrong shape (see WrongShapeError). */
export function withShapeRule<T>(write: Promise<T>, rule: 'perl-dies' | 'error'): Promise<T> {
  if (rule === 'perl-dies') return write;
  return write.catch((error: unknown) => {
    throw error instanceof WrongShapeError ? error.asContract() : error;
  });
}
