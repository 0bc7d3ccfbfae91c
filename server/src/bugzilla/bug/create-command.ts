import type { AccessParameters } from '../access.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { User } from '../types.js';

export interface CreateCommand {
  actor: User;
  /** Epoch seconds: the request's database clock. */
  when: number;
  params: Readonly<Record<string, unknown>>;
  catalogue: Catalogue;
  parameters: AccessParameters & Record<string, string | undefined>;
  /** This tracker's urlbase (ending in `/`): See Also's show_bug.cgi URLs of it are local bugs. */
  urlbase: string;
  /** BMO's refusal of requests asked of users who block them (the profile's `blockedRequestees`). */
  blockedRequestees?: boolean;
}

/** A parameter as a list (5.2 takes one value where a list is expected). */
export const list = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
