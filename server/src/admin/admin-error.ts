import type { AdminErrorBody } from '@bz-companion/shared';
import type { z } from 'zod';

/**
 * A refused admin request: 400 for bad input, 403 from another site's page, 404 for an unknown
 * admin path or id, 415 for a body not declared JSON. Nothing was changed.
 */
export class AdminError extends Error {
  override readonly name = 'AdminError';
  readonly status: 400 | 403 | 404 | 415;

  constructor(status: 400 | 403 | 404 | 415, message: string) {
    super(message);
    this.status = status;
  }

  toBody(): AdminErrorBody {
    return { error: true, message: this.message };
  }
}

/** One line naming the first problem of a rejected admin body, with where it is. */
export function describeFirstIssue(what: string, error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return `${what}: invalid`;
  if (issue.code === 'unrecognized_keys') return `${what}: unknown key ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  const where = issue.path.length > 0 ? `.${issue.path.map(String).join('.')}` : '';
  return `${what}${where}: ${issue.message}`;
}
