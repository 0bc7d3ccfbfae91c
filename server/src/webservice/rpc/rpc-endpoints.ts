import { hash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { attachmentBodyBytes } from '../../bugzilla/attachment/attachment-rules.js';
import type { BodyParams } from '../../bugzilla/body-params.js';
import { type BugzillaError, errors } from '../../bugzilla/errors.js';
import { checkAnswerSize } from '../../http/answer-size.js';
import { JSON_CONTENT_TYPE } from '../../http/error-response.js';
import { JSONP_CONTENT_TYPE, jsonpCallback, wrapJsonp } from '../../http/jsonp.js';
import { ownOrigin } from '../../http/own-origin.js';
import { readBodyText } from '../../http/read-body.js';
import { type ApiState, asBugzillaError, type Logger } from '../../http/respond.js';
import type { ProfileName } from '../../profiles/profile.js';
import type { RouteDeps } from '../method/route.js';
import { EMPTY_QUERY } from '../method/run-endpoint.js';
import { checkValueCounts, DEFAULT_WORK_BOUNDS } from '../method/work-bounds.js';
import { type ApiDeps, boundsOf } from '../rest/api-router.js';
import { callMethod } from './call-method.js';
import { errorBody, type JsonRpcCall, namedParams, successBody, versionOf } from './json-rpc-codec.js';
import { rpcMethod } from './methods.js';
import {
  faultResponse,
  methodResponse,
  parseMethodCall,
  type XmlRpcCall,
  XmlRpcClientFault,
  XmlRpcInvalidValue,
} from './xml-rpc-codec.js';

export const XML_RPC_PATH = '/xmlrpc.cgi';
export const JSON_RPC_PATH = '/jsonrpc.cgi';

type RpcContext = Context & { state: ApiState };

/**
 * `/xmlrpc.cgi` and `/jsonrpc.cgi`, as the profile's tracker serves them (5.2 both, BMO
 * JSON-RPC only): each reads its envelope, then calls the same method implementation
 * as REST (callMethod), and answers in its own shape. Every error is answered here, in
 * the protocol's shape, with HTTP 200 as 5.2 sends it (a 5xx stays a 5xx: nothing was
 * done and the client may retry).
 */
export function rpcEndpoints(deps: ApiDeps, bodyLimitBytes: number, logger: Logger): Middleware<ApiState> {
  const routeDeps = new Map<ProfileName, RouteDeps>();
  const depsFor = (): RouteDeps => {
    const profile = deps.profile();
    let found = routeDeps.get(profile.name);
    if (!found) {
      found = {
        store: deps.store,
        clock: deps.clock,
        urlbase: deps.urlbase,
        failures: deps.failures,
        rateLimits: deps.rateLimits,
        push: deps.push,
        profile,
      };
      routeDeps.set(profile.name, found);
    }
    return found;
  };
  return (ctx, next) => {
    if (ctx.path === XML_RPC_PATH) {
      const routed = depsFor();
      return routed.profile.rpc.xmlrpc ? xmlRpc(ctx, routed, bodyLimitBytes, logger) : next();
    }
    if (ctx.path === JSON_RPC_PATH) {
      const routed = depsFor();
      return routed.profile.rpc.jsonrpc ? jsonRpc(ctx, routed, bodyLimitBytes, logger) : next();
    }
    return next();
  };
}

/**
 * The method is known only once the body is read, so an RPC body may be as large as an attachment
 * (Bug.add_attachment) may be, whichever method it calls; the work it may cause is bounded apart.
 */
function rpcBodyLimit(deps: RouteDeps, bodyLimitBytes: number): number {
  return Math.max(bodyLimitBytes, attachmentBodyBytes(deps.store.instance.parameters));
}

async function xmlRpc(ctx: RpcContext, deps: RouteDeps, bodyLimitBytes: number, logger: Logger): Promise<void> {
  let text: string;
  try {
    text = ctx.method === 'POST' ? await readBodyText(ctx.req, rpcBodyLimit(deps, bodyLimitBytes)) : '';
  } catch (thrown) {
    ctx.set('Content-Type', 'text/xml');
    xmlRpcError(ctx, thrown, logger);
    return;
  }
  // 5.2 under mod_perl answers a request with no call in it (HEAD, GET, an empty POST) 200 and
  // nothing: python-bugzilla's probe, `HEAD /xmlrpc.cgi`, takes that as "XML-RPC is here".
  if (text === '') {
    ctx.status = 200;
    ctx.body = '';
    return;
  }
  ctx.set('Content-Type', 'text/xml');
  try {
    // SOAP::Lite takes text/xml alone, before 5.2's own list (which adds application/xml) is read.
    const contentType = mediaType(ctx.get('Content-Type'));
    if (contentType !== 'text/xml') {
      throw new XmlRpcClientFault(
        `Content-Type must be 'text/xml,' 'multipart/*,' 'application/soap+xml,' 'or 'application/dime' instead of '${contentType}'`,
      );
    }
    const call = deserialized(text);
    ctx.state.body = call.params;
    const method = rpcMethod(call.method, deps.profile);
    if (!method) throw unknownXmlRpcMethod(call.method);
    // XML-RPC types its values: a plain string where 5.2 takes base64 is the bytes themselves.
    for (const name of method.bytesParams ?? []) {
      const value = call.params[name];
      if (typeof value === 'string') call.params[name] = Buffer.from(value, 'utf8');
    }
    const result = await callMethod(method, call.params, deps, ctx, 'POST', ctx.headers, ctx.state);
    const dateTimes = deps.store.catalogue.customDateTimeNames();
    send(ctx, checkAnswerSize(methodResponse(result, dateTimes), boundsOf(method.endpoint).answerBytes));
  } catch (thrown) {
    xmlRpcError(ctx, thrown, logger);
  }
}

function xmlRpcError(ctx: RpcContext, thrown: unknown, logger: Logger): void {
  if (thrown instanceof XmlRpcClientFault) {
    send(ctx, faultResponse('Client', thrown.message));
    return;
  }
  const error = asBugzillaError(thrown, logger, `POST ${XML_RPC_PATH}`);
  setErrorStatus(ctx, error);
  // A Perl die is XML-RPC's server fault, -32000 (xmlrpc.cgi sets FAULT_SERVER so).
  send(ctx, faultResponse(error.code === 100500 ? -32000 : error.code, error.message), error);
}

/**
 * The call, or the Client fault XMLRPC::Lite gives when its deserializer fails (not
 * well-formed, a DTD, a value not of its type: 5.2's -32600 travels inside that fault's text).
 */
function deserialized(text: string): XmlRpcCall {
  try {
    return parseMethodCall(text);
  } catch (error) {
    if (error instanceof XmlRpcInvalidValue) {
      throw new XmlRpcClientFault(`Application failed during request deserialization: -32600: ${error.message}`);
    }
    if (error instanceof XmlRpcClientFault && error.deserializing) {
      throw new XmlRpcClientFault(`Application failed during request deserialization: ${error.message}`);
    }
    throw error;
  }
}

/** The packages 5.2 dispatches to (WS_DISPATCH): an unknown method of one is -32601, of any other a Client fault. */
const PACKAGES = new Set([
  'Bugzilla',
  'Bug',
  'BugUserLastVisit',
  'Classification',
  'Component',
  'FlagType',
  'Group',
  'Product',
  'User',
]);

function unknownXmlRpcMethod(name: string): Error {
  const dot = name.lastIndexOf('.');
  const pkg = dot > 0 ? name.slice(0, dot) : '';
  if (PACKAGES.has(pkg)) return errors.unknownMethod(name);
  return new XmlRpcClientFault(
    pkg === ''
      ? `The method '${name}' names no package: methods are called as Package.method (Bug.get).`
      : `There is no package '${pkg}' for the method '${name}'.`,
  );
}

async function jsonRpc(ctx: RpcContext, deps: RouteDeps, bodyLimitBytes: number, logger: Logger): Promise<void> {
  const call: JsonRpcCall = { version: '1.0', id: undefined, method: undefined, params: undefined };
  let callback: string | undefined;
  let body: string;
  try {
    if (ctx.method === 'POST') {
      if (!(await readPostedCall(ctx, rpcBodyLimit(deps, bodyLimitBytes), call))) return;
    } else if (ctx.method === 'GET') {
      const query = new URLSearchParams(ctx.querystring);
      // Version and id first: the errors below are answered with them (JSONRPC.pm's retrieve_json_from_get).
      call.version = versionOf(query.get('version'));
      call.id = query.get('id') ?? deps.store.instance.parameters.urlbase ?? `${ownOrigin(ctx)}/`;
      callback = jsonpCallback(query, deps.profile.jsonpCallback);
      call.method = query.get('method') || undefined;
      if (call.method === undefined) {
        throw errors.jsonRpcGetMethodRequired(deps.profile.rpc.jsonRpcDocumentation);
      }
      call.params = getParams(query.get('params'), call.version);
    } else {
      noData(ctx);
      return;
    }
    body = successBody(call, await runCall(ctx, deps, call));
    ctx.status = 200;
  } catch (thrown) {
    const error = asBugzillaError(thrown, logger, `${ctx.method} ${JSON_RPC_PATH}`);
    setErrorStatus(ctx, error);
    body = errorBody(call, error);
  }
  ctx.set('Content-Type', callback ? JSONP_CONTENT_TYPE : JSON_CONTENT_TYPE);
  ctx.body = callback ? wrapJsonp(callback, body) : body;
}

/** JSON::RPC's answer to a request with no call in it: 403, "No data.". */
function noData(ctx: RpcContext): false {
  ctx.status = 403;
  ctx.set('Content-Type', JSON_CONTENT_TYPE);
  ctx.body = 'No data.';
  return false;
}

/** Reads a POSTed call into `call`; false when there was none (and the answer is sent). */
async function readPostedCall(ctx: RpcContext, bodyLimitBytes: number, call: JsonRpcCall): Promise<boolean> {
  let text: string;
  try {
    text = await readBodyText(ctx.req, bodyLimitBytes);
  } catch (error) {
    // No call was read, so no id to withhold the answer for: told in 1.1's shape.
    call.version = '1.1';
    throw error;
  }
  // CGI.pm hands a form's fields to nobody as POSTDATA: JSON::RPC sees no call at all.
  const contentType = mediaType(ctx.get('Content-Type'));
  if (text === '' || contentType === 'application/x-www-form-urlencoded' || contentType === 'multipart/form-data') {
    return noData(ctx);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Answered as JSON::RPC's raise_error answers it: in 1.1's shape, with no id.
    call.version = '1.1';
    throw errors.jsonRpcUnparsable();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    // Not a call, so no id to withhold the answer for: told in 1.1's shape, as a parse error is.
    call.version = '1.1';
    throw errors.jsonRpcNotAnObject();
  }
  const envelope = parsed as Record<string, unknown>;
  // Checked before the method runs: an id the answer cannot echo must not cost a write its answer.
  try {
    checkValueCounts(EMPTY_QUERY, { id: envelope.id } as BodyParams, DEFAULT_WORK_BOUNDS.values);
  } catch (error) {
    call.version = '1.1';
    throw error;
  }
  call.version = versionOf(envelope.version);
  // JSON's null is Perl's undef: no id.
  call.id = envelope.id ?? undefined;
  call.method = envelope.method;
  call.params = envelope.params;
  return true;
}

function getParams(text: string | null, version: '1.0' | '1.1'): unknown {
  if (text === null) return version === '1.1' ? {} : [];
  try {
    return JSON.parse(text);
  } catch (error) {
    throw errors.unparsableJson(`${(error as Error).message} Value: ${text}`);
  }
}

/** JSON::RPC's _handle, then Bugzilla's checks (JSONRPC.pm's _argument_type_check), then the method: its result's JSON. */
async function runCall(ctx: RpcContext, deps: RouteDeps, call: JsonRpcCall): Promise<string> {
  if (call.method === undefined || call.method === null) throw errors.jsonRpcNoMethod();
  const name = typeof call.method === 'object' ? JSON.stringify(call.method) : String(call.method);
  if (/[^-._a-zA-Z0-9]/.test(name)) throw errors.jsonRpcInvalidMethod();
  const method = rpcMethod(name, deps.profile);
  if (!method) throw errors.jsonRpcUnknownMethod(name);
  if (call.version === '1.0' && !Array.isArray(call.params)) {
    throw errors.jsonRpcParamsNotArray();
  }
  const params = namedParams(call.params);
  ctx.state.body = params;
  if (ctx.method === 'POST') {
    // A form or text/plain POST needs no preflight: refused, so no page can call a method as its visitor.
    const contentType = ctx.get('Content-Type');
    if (!/^application\/json(-rpc)?(;.*)?$/i.test(contentType)) throw errors.jsonRpcIllegalContentType(contentType);
  } else {
    // Over GET only read-only methods; and login cookies count on writes only (credentials.ts), so
    // a page cannot call as its visitor.
    if (!method.readOnly) throw errors.jsonRpcPostOnly(name);
  }
  const result = await callMethod(method, params, deps, ctx, ctx.method, ctx.headers, ctx.state);
  return checkAnswerSize(JSON.stringify(result), boundsOf(method.endpoint).answerBytes);
}

/** A Bugzilla error travels in a 200 over RPC; an unavailable server keeps its status (and Retry-After). */
function setErrorStatus(ctx: RpcContext, error: BugzillaError): void {
  // A body over the limit was never read: its 413 says so, as a web server's limit would.
  ctx.status = error.status >= 500 || error.status === 413 ? error.status : 200;
  for (const name of Object.keys(error.headers)) ctx.set(name, error.headers[name] as string);
}

/**
 * Sends an XML-RPC answer as 5.2 does: with an ETag (its MD5, unquoted), which never makes a
 * 304 (5.2 pushes the 304 as a header neither front end acts on). JSON-RPC answers carry none.
 */
function send(ctx: RpcContext, body: string, error?: BugzillaError): void {
  if (!error) ctx.status = 200;
  ctx.body = body;
  ctx.set('ETag', hash('md5', body, 'base64').replace(/=+$/, ''));
}

function mediaType(header: string): string {
  return header.split(';', 1)[0]?.trim().toLowerCase() ?? '';
}
