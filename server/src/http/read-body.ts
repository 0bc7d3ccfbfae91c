import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import getRawBody from 'raw-body';
import type { BodyParams } from '../bugzilla/body-params.js';
import { BugzillaError, errors } from '../bugzilla/errors.js';

/** Bodies that were form fields rather than JSON (Perl merges those with the path's parameters). */
const formBodies = new WeakSet<BodyParams>();

export function isFormBody(body: BodyParams | null): boolean {
  return body !== null && formBodies.has(body);
}

export interface ReadBodyOptions {
  /** A body without a Content-Type is form fields, as 5.2's CGI reads it (JSON there is lost). */
  untypedIsForm?: boolean;
}

/**
 * Reads a POST body the way Bugzilla 5.2's REST server does: JSON whatever the
 * Content-Type says (browsers' simple requests send text/plain), except form
 * bodies, which are parameters. @koa/bodyparser picks its parser by
 * Content-Type and cannot do "JSON unless form", nor give the contract's
 * errors, hence this small reader over raw-body (which enforces the limit and
 * the charset) and zlib (Content-Encoding).
 * Resolves to null when there is no body or it is JSON `null`.
 */
export function readBody(
  request: IncomingMessage,
  limitBytes: number,
  options: ReadBodyOptions = {},
): Promise<BodyParams | null> {
  // A request that declares no body (the visit POST's path form, the extension's most frequent
  // write) has nothing to read: no stream is set up for it.
  if (hasNoBody(request)) return Promise.resolve(paramsOf('', request, options));
  return readBodyText(request, limitBytes).then((text) => paramsOf(text, request, options));
}

/** No body by HTTP's framing: `Content-Length: 0`, or neither a length nor a transfer coding. */
export function hasNoBody(request: IncomingMessage): boolean {
  const { headers } = request;
  const length = headers['content-length'];
  return length === '0' || (length === undefined && headers['transfer-encoding'] === undefined);
}

/** The parameters a body's text holds: form fields, or a JSON object; null for none. */
function paramsOf(text: string, request: IncomingMessage, options: ReadBodyOptions): BodyParams | null {
  const contentType = (request.headers['content-type'] ?? '').toLowerCase();
  if (contentType.startsWith('application/x-www-form-urlencoded') && !looksLikeJsonObject(text)) {
    return parseForm(text);
  }
  if (options.untypedIsForm && request.headers['content-type'] === undefined) return parseForm(text);
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw errors.unparsableJson(`${(error as Error).message} Value: ${text.slice(0, 200)}`);
  }
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw errors.bodyNotAnObject(Array.isArray(value) ? 'an array' : `a ${typeof value}`);
  }
  return value as BodyParams;
}

/**
 * The body as text, decoded (Content-Encoding, charset) and within `limitBytes`, whatever it holds:
 * the REST reader above and the XML-RPC and JSON-RPC endpoints parse it each their own way.
 */
export async function readBodyText(request: IncomingMessage, limitBytes: number): Promise<string> {
  const encoding = (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const contentType = (request.headers['content-type'] ?? '').toLowerCase();
  const charset = /charset\s*=\s*"?([^";\s]+)/.exec(contentType)?.[1] ?? 'utf-8';
  const decoder = decoderFor(encoding);
  if (decoder) {
    // A decoder can fail after raw-body has stopped listening (it gave up at the size limit, or the
    // client went away); an error event with no listener would end the process, so one stays attached.
    decoder.on('error', () => {});
    request.pipe(decoder);
  }
  let text: string;
  try {
    const length = request.headers['content-length'];
    // Content-Length counts encoded bytes; only check it when nothing is decoded.
    const checkedLength = decoder || length === undefined ? null : length;
    text = await getRawBody(decoder ?? request, { limit: limitBytes, encoding: charset, length: checkedLength });
  } catch (error) {
    throw bodyReadError(error, limitBytes);
  } finally {
    if (decoder) {
      request.unpipe(decoder);
      decoder.destroy();
    }
    // Refused before its end (too large, undecodable): raw-body paused the request, and Node drains only
    // bodies nobody started reading, so the rest would sit unread and the keep-alive connection's next
    // request would never be answered. Read and drop it (http/body-deadline.ts bounds an endless one).
    if (!request.complete) request.resume();
  }
  return text;
}

/**
 * `curl -d '{"ids":[1]}'` labels JSON as a form. Read as a form it would be one
 * field named after the whole JSON text, which nobody means, so it is read as JSON.
 */
function looksLikeJsonObject(text: string): boolean {
  return /^\s*\{/.test(text) && /\}\s*$/.test(text);
}

function decoderFor(encoding: string): Transform | null {
  switch (encoding) {
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      throw errors.unreadableBody(
        `the Content-Encoding "${encoding}" is not supported (use gzip, deflate, br or none)`,
      );
  }
}

function bodyReadError(error: unknown, limitBytes: number): Error {
  if (error instanceof BugzillaError) return error;
  const type = (error as { type?: string }).type;
  switch (type) {
    case 'entity.too.large':
      return errors.bodyTooLarge(limitBytes);
    case 'encoding.unsupported':
      return errors.unreadableBody(`the charset "${(error as { encoding?: string }).encoding}" is not supported`);
    case 'request.size.invalid':
      return errors.unreadableBody('its length does not match the Content-Length header');
    case 'request.aborted':
      return errors.unreadableBody('the client aborted the request');
    default:
      if (String((error as NodeJS.ErrnoException).code).startsWith('Z_')) {
        return errors.unreadableBody('it is not valid data for its Content-Encoding');
      }
      return errors.unreadableBody((error as Error).message);
  }
}

function parseForm(text: string): BodyParams {
  const params: BodyParams = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    const existing = params[name];
    if (existing === undefined) params[name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else params[name] = [existing, value];
  }
  formBodies.add(params);
  return params;
}
