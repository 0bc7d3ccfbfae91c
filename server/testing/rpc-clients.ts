import { methodCall, parseMethodResponse } from '../src/webservice/rpc/xml-rpc-codec.js';

export interface XmlRpcAnswer {
  status: number;
  contentType: string | null;
  result?: unknown;
  fault?: { faultCode: unknown; faultString: unknown };
}

/** A JSON-RPC answer's body: 1.0's result, error and id, or 1.1's version. */
export interface JsonRpcBody {
  result?: unknown;
  error?: { code: number; message: string; name?: string } | null;
  id?: unknown;
  version?: string;
}

/** An XML-RPC call as python-bugzilla makes it: POST text/xml to `/xmlrpc.cgi`, the params as one struct. */
export async function xmlRpcCall(
  baseUrl: string,
  method: string,
  params: Record<string, unknown> = {},
): Promise<XmlRpcAnswer> {
  const response = await fetch(`${baseUrl}/xmlrpc.cgi`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml' },
    body: methodCall(method, params),
  });
  const answer: XmlRpcAnswer = { status: response.status, contentType: response.headers.get('content-type') };
  return Object.assign(answer, parseMethodResponse(await response.text()));
}

export interface JsonRpcOptions {
  version?: '1.1';
  id?: unknown;
  /** Over GET (`?method=…&params=…`) rather than POST. */
  get?: boolean;
  headers?: Record<string, string>;
}

/** A JSON-RPC call to `/jsonrpc.cgi`, 1.0 by default (`params: [struct]`, id 1), the answer parsed. */
export async function jsonRpcCall(
  baseUrl: string,
  method: string,
  params: Record<string, unknown> = {},
  options: JsonRpcOptions = {},
) {
  const id = Object.hasOwn(options, 'id') ? options.id : 1;
  let response: Response;
  if (options.get) {
    const query = new URLSearchParams({ method, params: JSON.stringify([params]) });
    if (id !== undefined) query.set('id', String(id));
    if (options.version) query.set('version', options.version);
    response = await fetch(`${baseUrl}/jsonrpc.cgi?${query}`, { headers: options.headers ?? {} });
  } else {
    const envelope: Record<string, unknown> = { method, params: options.version ? params : [params] };
    if (id !== undefined) envelope.id = id;
    if (options.version) envelope.version = options.version;
    response = await fetch(`${baseUrl}/jsonrpc.cgi`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...options.headers },
      body: JSON.stringify(envelope),
    });
  }
  const text = await response.text();
  const body = text === '' ? undefined : (JSON.parse(text) as JsonRpcBody);
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    text,
    body,
    result: body?.result,
  };
}
