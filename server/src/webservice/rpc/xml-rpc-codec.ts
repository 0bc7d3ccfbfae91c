import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import type { BodyParams } from '../../bugzilla/body-params.js';

/** A call as XML-RPC sends it: `<methodCall>` with the method's name and its first param (Bugzilla's struct). */
export interface XmlRpcCall {
  method: string;
  params: BodyParams;
}

/** The request is not XML-RPC Bugzilla can read: XMLRPC::Lite's "Client" fault. */
export class XmlRpcClientFault extends Error {
  /** Raised while reading the XML (XMLRPC::Lite says "Application failed during request deserialization"). */
  readonly deserializing: boolean;

  constructor(message: string, deserializing = true) {
    super(message);
    this.deserializing = deserializing;
  }
}

/** A value XML-RPC cannot carry as the type it claims (`<int>abc</int>`): 5.2's xmlrpc_invalid_value. */
export class XmlRpcInvalidValue extends Error {
  constructor(
    readonly type: string,
    readonly value: string,
  ) {
    super(`"${value}" is not a valid value for a <${type}> field. (See the XML-RPC specification for details.)`);
  }
}

type XmlNode = Record<string, XmlNode[] | string | undefined>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
  // Entities are decoded below, in one pass: the parser's own decoding of character references
  // (its htmlEntities) cost three quarters of a call's parsing.
  processEntities: false,
  cdataPropName: '#cdata',
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/**
 * Reads a `<methodCall>`. A document type declaration is refused before parsing: no
 * external entity is fetched and no entity expands (XXE, "billion laughs"); 5.2 parses
 * with entity expansion off for the same reason. Anything that is not well-formed is a
 * Client fault, as XMLRPC::Lite answers it.
 */
export function parseMethodCall(xml: string): XmlRpcCall {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) {
    throw new XmlRpcClientFault('a document type declaration (DOCTYPE or ENTITY) is not accepted');
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new XmlRpcClientFault(`${valid.err.msg} at line ${valid.err.line}, column ${valid.err.col}`);
  const root = elements(parse(xml));
  const call = root.length === 1 ? childrenOf(root[0] as XmlNode, 'methodCall') : undefined;
  if (!call) throw new XmlRpcClientFault("Can't find method element in the message", false);
  let method: string | undefined;
  let params: BodyParams = Object.create(null);
  for (const node of elements(call)) {
    const name = nameOf(node);
    if (name === 'methodName') method = textOf(childrenOf(node, name)).trim();
    else if (name === 'params') {
      const first = elements(childrenOf(node, name)).find((param) => nameOf(param) === 'param');
      const value = first && elements(childrenOf(first, 'param')).find((child) => nameOf(child) === 'value');
      const decoded = value ? decodeValue(value) : undefined;
      // 5.2 takes the first param as the struct of named parameters; anything else is no parameters.
      if (isStruct(decoded)) params = decoded;
    }
  }
  if (!method) throw new XmlRpcClientFault("Can't find method element in the message", false);
  return { method, params };
}

/**
 * The parser's own refusals (nesting past its bound, an element named `__proto__` or
 * `constructor`) are the document's fault, not the server's: a Client fault.
 */
function parse(xml: string): XmlNode[] {
  try {
    return parser.parse(xml) as XmlNode[];
  } catch (error) {
    throw new XmlRpcClientFault((error as Error).message);
  }
}

function decodeValue(valueNode: XmlNode): unknown {
  const children = childrenOf(valueNode, 'value');
  const typed = elements(children);
  // `<value>text</value>` with no type element is a string.
  if (typed.length === 0) return textOf(children);
  const node = typed[0] as XmlNode;
  const type = nameOf(node);
  const inner = childrenOf(node, type);
  switch (type) {
    case 'string':
      return textOf(inner);
    case 'int':
    case 'i4':
    case 'i8':
      return scalar(type, textOf(inner), /^[+-]?\d+$/, (text) => {
        const number = Number(text);
        return Number.isSafeInteger(number) ? number : text;
      });
    case 'double':
      return scalar(type, textOf(inner), /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/, Number);
    case 'boolean':
      return scalar(type, textOf(inner), /^[01]$/, (text) => text === '1');
    case 'dateTime.iso8601':
      // Kept as sent: the methods read Bugzilla's date forms, this one among them.
      return scalar(type, textOf(inner), /^\d{8}T\d\d:\d\d:\d\d$/, (text) => text);
    case 'base64':
      // Bytes: an attachment's data may be any (a method that wants text reads them as UTF-8).
      return Buffer.from(textOf(inner), 'base64');
    case 'nil':
      return null;
    case 'struct': {
      const struct: BodyParams = Object.create(null);
      for (const member of elements(inner)) {
        if (nameOf(member) !== 'member') continue;
        const parts = elements(childrenOf(member, 'member'));
        const name = parts.find((part) => nameOf(part) === 'name');
        const value = parts.find((part) => nameOf(part) === 'value');
        if (name && value) struct[textOf(childrenOf(name, 'name'))] = decodeValue(value);
      }
      return struct;
    }
    case 'array': {
      const data = elements(inner).find((part) => nameOf(part) === 'data');
      if (!data) return [];
      return elements(childrenOf(data, 'data'))
        .filter((item) => nameOf(item) === 'value')
        .map(decodeValue);
    }
    default:
      throw new XmlRpcClientFault(`<${type}> is not an XML-RPC type`);
  }
}

/** An empty int, double or date is Perl's undef in 5.2 (it allows them, though the standard does not). */
function scalar(type: string, text: string, valid: RegExp, convert: (text: string) => unknown): unknown {
  if (text === '' && type !== 'boolean') return undefined;
  if (!valid.test(text)) throw new XmlRpcInvalidValue(type, text);
  return convert(text);
}

function isStruct(value: unknown): value is BodyParams {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nameOf(node: XmlNode): string {
  for (const key of Object.keys(node)) if (key !== ':@') return key;
  return '';
}

function childrenOf(node: XmlNode, name: string): XmlNode[] {
  const children = node[name];
  return Array.isArray(children) ? children : [];
}

/** The element children, without the text between them (the indentation clients add). */
function elements(nodes: XmlNode[]): XmlNode[] {
  return nodes.filter((node) => nameOf(node) !== '#text');
}

function textOf(nodes: XmlNode[]): string {
  let text = '';
  for (const node of nodes) {
    if (typeof node['#text'] === 'string') text += decodeEntities(node['#text']);
    // CDATA is taken as it is written.
    else if (Array.isArray(node['#cdata'])) text += textOfRaw(node['#cdata']);
  }
  return text;
}

function textOfRaw(nodes: XmlNode[]): string {
  let text = '';
  for (const node of nodes) if (typeof node['#text'] === 'string') text += node['#text'];
  return text;
}

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

/**
 * XML's five predefined entities and character references (`&#xd;`, which python-bugzilla sends
 * for CR), decoded in one pass, so `&amp;#65;` stays `&#65;`. No other entity exists without a DTD.
 */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:(lt|gt|amp|apos|quot)|#(\d+)|#x([0-9a-fA-F]+));/g, (whole, name, decimal, hex) => {
    if (name) return PREDEFINED[name] as string;
    const code = decimal ? Number(decimal) : Number.parseInt(hex, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The member 5.2 types as base64 (an attachment's `data`): the answer holds it base64-encoded already. */
const BASE64_MEMBER = 'data';

/** Members whose values are Bugzilla dateTimes: XML-RPC sends them as `<dateTime.iso8601>`. */
const DATE_TIME_MEMBERS: ReadonlySet<string> = new Set([
  'creation_time',
  'last_change_time',
  'time',
  'when',
  'last_visit_ts',
  'db_time',
  'web_time',
  'web_time_utc',
  'last_audit_time',
  'creation_date',
  'modification_date',
]);

const NO_MEMBERS: ReadonlySet<string> = new Set();

/**
 * Members 5.2 types as doubles (`_bug_to_hash`: `$self->type('double', …)`) from a decimal(7,2)
 * column's text: `<double>4.50</double>`, `<double>0.00</double>`, whole numbers too.
 */
const DOUBLE_MEMBERS: ReadonlySet<string> = new Set(['estimated_time', 'remaining_time', 'actual_time']);

const BUGZILLA_TIME = /^(\d{4})-(\d\d)-(\d\d)T(\d\d:\d\d:\d\d)Z$/;

// Text is escaped by xmlText below, as XMLRPC::Lite escapes it (only &, < and >), not by the builder.
const builder = new XMLBuilder({ suppressEmptyNode: true, processEntities: false });

/**
 * Text as XMLRPC::Lite writes it: `&`, `<` and `>` escaped, quotes left as they are; a CR kept
 * as a reference (a parser would turn a raw one into LF); characters XML 1.0 cannot carry at all
 * (control characters) replaced by U+FFFD rather than making the answer unreadable.
 */
function xmlText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what this replaces.
  return text.replace(/[&<>\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, (char) => {
    switch (char) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '\r':
        return '&#xd;';
      default:
        return '\ufffd';
    }
  });
}

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** A call as a client sends it (the tests' and scripts' side): the params struct as the one param. */
export function methodCall(method: string, params: Record<string, unknown>): string {
  return (
    DECLARATION +
    builder.build({
      methodCall: { methodName: xmlText(method), params: { param: { value: encodeValue(params, '') } } },
    })
  );
}

/** A `<methodResponse>` read back (a client's side): the result, or the fault's code and string. */
export function parseMethodResponse(
  xml: string,
): { result: unknown } | { fault: { faultCode: unknown; faultString: unknown } } {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new XmlRpcClientFault(valid.err.msg);
  const root = elements(parse(xml));
  const response = root.length === 1 ? elements(childrenOf(root[0] as XmlNode, 'methodResponse')) : [];
  const part = response[0];
  const value = part && findValue(part);
  if (!part || !value) throw new XmlRpcClientFault('not a methodResponse');
  const decoded = decodeValue(value);
  if (nameOf(part) === 'fault') return { fault: decoded as { faultCode: unknown; faultString: unknown } };
  return { result: decoded };
}

/** The value of `<params><param><value>` or of `<fault><value>`. */
function findValue(part: XmlNode): XmlNode | undefined {
  const name = nameOf(part);
  const inside = elements(childrenOf(part, name));
  if (name === 'fault') return inside.find((node) => nameOf(node) === 'value');
  const param = inside.find((node) => nameOf(node) === 'param');
  return param && elements(childrenOf(param, 'param')).find((node) => nameOf(node) === 'value');
}

/**
 * A method's answer as 5.2 sends it: `<methodResponse><params><param>` holding the result.
 * `dateTimes` names the tracker's own dateTime members (its custom date/time and date fields).
 */
export function methodResponse(result: unknown, dateTimes: ReadonlySet<string> = NO_MEMBERS): string {
  // A method that returns nothing (User.logout) answers an empty value, as XMLRPC::Lite writes undef there.
  const value = result === null || result === undefined ? '' : encodeValue(result, '', dateTimes);
  return DECLARATION + builder.build({ methodResponse: { params: { param: { value } } } });
}

/** A fault as XMLRPC::Lite sends it: a struct of faultCode (Bugzilla's number, or "Client") and faultString. */
export function faultResponse(code: number | string, message: string): string {
  const fault = { faultCode: code, faultString: message };
  return DECLARATION + builder.build({ methodResponse: { fault: { value: encodeValue(fault, '') } } });
}

/**
 * One value, typed as 5.2 types it: ints, doubles, booleans as 1/0, the dateTime members as
 * `20261124T19:44:34` (what python-bugzilla receives), nulls left out of structs and arrays
 * (5.2's _strip_undefs), everything else a string.
 */
function encodeValue(
  value: unknown,
  member: string,
  dateTimes: ReadonlySet<string> = NO_MEMBERS,
): Record<string, unknown> {
  if (typeof value === 'number') {
    if (DOUBLE_MEMBERS.has(member)) return { double: value.toFixed(2) };
    return Number.isInteger(value) ? { int: value } : { double: value };
  }
  if (typeof value === 'boolean') return { boolean: value ? 1 : 0 };
  if (typeof value === 'string') {
    if (member === BASE64_MEMBER) return { base64: value };
    const time = DATE_TIME_MEMBERS.has(member) || dateTimes.has(member) ? BUGZILLA_TIME.exec(value) : null;
    return time ? { 'dateTime.iso8601': `${time[1]}${time[2]}${time[3]}T${time[4]}` } : { string: xmlText(value) };
  }
  if (value === null || value === undefined) return { nil: '' };
  if (Buffer.isBuffer(value)) return { base64: value.toString('base64') };
  if (Array.isArray(value)) {
    const items = value.filter((item) => item !== null && item !== undefined);
    return { array: { data: { value: items.map((item) => encodeValue(item, member, dateTimes)) } } };
  }
  const object = value as Record<string, unknown>;
  const members = [];
  for (const name of Object.keys(object)) {
    const item = object[name];
    if (item === null || item === undefined) continue;
    members.push({ name: xmlText(name), value: encodeValue(item, name, dateTimes) });
  }
  return { struct: { member: members } };
}
