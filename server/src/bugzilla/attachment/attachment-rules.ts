import { unstorable } from '../bug/storable-text.js';
import { errors } from '../errors.js';
import { perlTrue } from '../perl-truth.js';
import { type Attachment, type AttachmentFieldValues, columnsOf } from './attachment.js';
import { attachmentErrors } from './attachment-errors.js';

/** A parameter as Perl stringifies it; undefined when absent (or a structure, which 5.2 would stringify oddly). */
export function perlText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '';
  return undefined;
}

/** Bugzilla::Util::trim: white space off both ends. */
export function trim(text: string): string {
  return text.replace(/^\s+/, '').replace(/\s+$/, '');
}

/** Bugzilla::Util::clean_text: control characters become one space, then trimmed. */
export function cleanText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what clean_text replaces.
  return trim(text.replace(/[\x00-\x1F\x7F]+/g, ' '));
}

/** Refuses text no database column takes (NUL, half of a UTF-16 pair), naming the field. */
export function storable(text: string, field: string): string {
  if (unstorable(text)) throw attachmentErrors.unstorableText(field);
  return text;
}

const LEGAL_CONTENT_TYPE =
  /^(application|audio|image|message|model|multipart|text|video)\/[a-z0-9_\-+.]+(;\s*charset=[a-z0-9_\-+]+)?$/i;

/** 5.2's _check_content_type: a patch is text/plain whatever was said; else `top/sub` with a known top type. */
function checkContentType(given: string | undefined, isPatch: boolean): string {
  const contentType = cleanText(isPatch ? 'text/plain' : (given ?? ''));
  if (!LEGAL_CONTENT_TYPE.test(contentType)) throw attachmentErrors.invalidContentType(contentType);
  return contentType;
}

/** 5.2's _check_description. */
function checkDescription(given: string | undefined): string {
  const description = trim(given ?? '');
  if (description === '') throw attachmentErrors.missingDescription();
  return storable(description, 'summary');
}

/** 5.2's _check_filename: cleaned, without a path, at most 255 characters counted from the end. */
function checkFileName(given: string | undefined, forUpdate: boolean): string {
  const cleaned = cleanText(given ?? '');
  if (cleaned === '') throw forUpdate ? attachmentErrors.fileNameNotSpecified() : attachmentErrors.fileNotSpecified();
  const base = cleaned.replace(/^.*[/\\]/, '');
  const chars = [...base];
  return storable(chars.slice(Math.max(0, chars.length - 255)).join(''), 'file_name');
}

/**
 * MIME::Base64's decode_base64, which 5.2's REST and JSON-RPC apply to `data`: characters outside
 * the alphabet are skipped, decoding stops at the first `=`, and a dangling character is dropped.
 */
function decodeBase64Leniently(text: string): Buffer {
  let clean = text.replace(/[^A-Za-z0-9+/=]/g, '');
  const pad = clean.indexOf('=');
  if (pad >= 0) clean = clean.slice(0, pad);
  clean = clean.slice(0, clean.length - (clean.length % 4 === 1 ? 1 : 0));
  return Buffer.from(clean, 'base64');
}

/** The bytes of `data`: a Buffer (XML-RPC's base64, or its string as UTF-8) as it is, a string base64-decoded. */
function attachmentBytes(data: unknown): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (data instanceof Uint8Array) return Buffer.from(data);
  return decodeBase64Leniently(perlText(data) ?? '');
}

/** 5.2's _check_data: not empty, not over `maxattachmentsize` KB (the text rounds the size to whole KB). */
function checkData(bytes: Buffer, parameters: Record<string, string>): Buffer {
  if (bytes.length === 0) throw attachmentErrors.zeroLengthFile();
  if (bytes.length > maxAttachmentBytes(parameters)) {
    throw attachmentErrors.fileTooLarge(perlRound(bytes.length / 1024), parameters.maxattachmentsize ?? '1000');
  }
  return bytes;
}

/** The largest attachment `maxattachmentsize` (KB; `maxlocalattachment` MB) lets in, in bytes. */
function maxAttachmentBytes(parameters: Record<string, string>): number {
  const maxKb = Number(parameters.maxattachmentsize ?? '1000');
  const localMb = Number(parameters.maxlocalattachment ?? '0');
  return Math.max((Number.isFinite(localMb) ? localMb : 0) * 1048576, (Number.isFinite(maxKb) ? maxKb : 0) * 1024);
}

/**
 * The request body read for an attachment: room for one twice the largest allowed size, as base64
 * (with line breaks, as XML-RPC clients wrap it), and for the other parameters. So an attachment over
 * the limit is answered as 5.2 answers it (600, its size named: Attachment.pm's _check_data), not as a
 * body too large; only a body beyond that is refused unread (5.2 reads any body: a hardening).
 */
export function attachmentBodyBytes(parameters: Record<string, string>): number {
  return Math.ceil(((2 * maxAttachmentBytes(parameters) * 4) / 3) * (77 / 76)) + 65536;
}

/** sprintf("%.0f"): to the nearest whole number, halves to even. */
function perlRound(value: number): string {
  const floor = Math.floor(value);
  const rest = value - floor;
  if (rest > 0.5 || (rest === 0.5 && floor % 2 === 1)) return String(floor + 1);
  return String(floor);
}

/** What a new attachment is, once 5.2's validators accepted it. */
export interface CheckedAttachment {
  description: string;
  fileName: string;
  contentType: string;
  isPatch: boolean;
  isPrivate: boolean;
  bytes: Buffer;
  /** The comment that goes with it ('' for none). */
  comment: string;
}

/**
 * Bug.add_attachment's parameters checked as Bugzilla::Attachment->create does, in its order
 * (data first, then the other columns alphabetically, the content type last as it depends on
 * is_patch). The bugs were checked before (they come first in 5.2).
 */
export function checkNewAttachment(
  params: Record<string, unknown>,
  insider: boolean,
  parameters: Record<string, string>,
): CheckedAttachment {
  const bytes = checkData(attachmentBytes(params.data), parameters);
  const description = checkDescription(perlText(params.summary));
  const fileName = checkFileName(perlText(params.file_name), false);
  const isPatch = perlTrue(params.is_patch);
  const isPrivate = perlTrue(params.is_private);
  if (isPrivate && !insider) throw errors.notInsider();
  const contentType = checkContentType(perlText(params.content_type), isPatch);
  const comment = storable(perlText(params.comment) ?? '', 'comment');
  return { description, fileName, contentType, isPatch, isPrivate, bytes, comment };
}

/** The parameters Bug.update_attachment takes that are not setters (5.2 deletes them or reads them apart). */
const NOT_SETTERS = new Set([
  'ids',
  'comment',
  'flags',
  'login',
  'password',
  'token',
  'api_key',
  'Bugzilla_api_key',
  'Bugzilla_login',
  'Bugzilla_password',
  'Bugzilla_token',
  'Bugzilla_restrictlogin',
]);

/** Whether Bug.update_attachment's parameters set any of the attachment's columns. */
export function hasSetters(params: Record<string, unknown>): boolean {
  return Object.keys(params).some((name) => !NOT_SETTERS.has(name));
}

/** The API's parameter names of Bug.update_attachment, with their setters (ATTACHMENT_MAPPED_SETTERS). */
const SETTER_OF: Record<string, string> = { file_name: 'filename', summary: 'description' };

/**
 * Bug.update_attachment's changes to one attachment, checked as 5.2's set_all does (setters in
 * alphabetical order, content_type after is_patch), against the attachment as it is. Only what
 * would change is returned; the caller applies it (where it is compared again, under the lock).
 */
export function planAttachmentUpdate(
  attachment: Attachment,
  params: Record<string, unknown>,
  insider: boolean,
): Partial<AttachmentFieldValues> {
  const values = new Map<string, unknown>();
  for (const name of Object.keys(params)) {
    if (!NOT_SETTERS.has(name)) values.set(SETTER_OF[name] ?? name, params[name]);
  }
  // Alphabetically, but content_type after the rest: it depends on is_patch.
  const setters = [...values.keys()].sort((a, b) =>
    a === 'content_type' ? 1 : b === 'content_type' ? -1 : a < b ? -1 : a > b ? 1 : 0,
  );
  const current = columnsOf(attachment);
  const wanted: Partial<AttachmentFieldValues> = {};
  for (const setter of setters) {
    const value = values.get(setter);
    switch (setter) {
      case 'description':
        wanted.description = checkDescription(perlText(value));
        break;
      case 'filename':
        wanted.filename = checkFileName(perlText(value), true);
        break;
      case 'is_obsolete':
        wanted.isobsolete = perlTrue(value);
        break;
      case 'is_patch':
        wanted.ispatch = perlTrue(value);
        break;
      case 'is_private': {
        const isPrivate = perlTrue(value);
        if (isPrivate !== current.isprivate && !insider) throw errors.notInsider();
        wanted.isprivate = isPrivate;
        break;
      }
      case 'content_type':
        wanted.mimetype = checkContentType(perlText(value), wanted.ispatch ?? current.ispatch);
        break;
      default:
        throw attachmentErrors.unknownSetter(setter);
    }
  }
  return wanted;
}
