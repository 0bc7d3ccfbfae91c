import type { IncomingMessage } from 'node:http';
import getRawBody from 'raw-body';
import { AdminError } from './admin-error.js';

/** Fixtures can be large; the admin API is for tests on this machine, so a generous limit. */
const ADMIN_BODY_LIMIT_BYTES = 64 * 1024 * 1024;

/** The JSON body of an admin request; undefined when there is none. */
export async function readAdminJson(request: IncomingMessage): Promise<unknown> {
  let text: string;
  try {
    text = await getRawBody(request, {
      limit: ADMIN_BODY_LIMIT_BYTES,
      encoding: 'utf-8',
      ...(request.headers['content-length'] === undefined ? {} : { length: request.headers['content-length'] }),
    });
  } catch (error) {
    throw new AdminError(400, `the request body could not be read (${(error as Error).message})`);
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AdminError(400, `the request body is not valid JSON (${(error as Error).message})`);
  }
}
