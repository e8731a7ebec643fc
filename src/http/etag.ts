import { createHash } from '../lib/node-builtins.js';
import type { ServerResponse } from 'node:http';
import { sendBody, type Headers } from './respond.js';

/**
 * A strong entity tag of exactly these bytes (RFC 9110 §8.8.3): the first 192 bits of their SHA-256, so any
 * change to any byte gives another tag, whoever computes it (one instance or several behind a proxy).
 */
export function strongEtag(bytes: string | Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
}

/**
 * Whether an If-None-Match field value matches `etag`, so a GET or HEAD is answered 304 (RFC 9110 §13.1.2):
 * `*`, or a list naming the tag by weak comparison (`W/"x"` matches `"x"`; only the opaque tags are
 * compared). A field that is not a valid list of entity tags is ignored, so a malformed one never gets a
 * 304 for something the client does not hold.
 */
export function matchesIfNoneMatch(field: string | undefined, etag: string): boolean {
  if (field === undefined) return false;
  if (field.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  const tags = parseEntityTags(field);
  return tags !== null && tags.includes(opaque);
}

/**
 * Answers a GET or HEAD with `body` under a strong ETag of its exact bytes, or with 304 when the request's
 * If-None-Match matches that tag. HEAD gets the same headers without the body.
 */
export function sendWithEtag(res: ServerResponse, body: string | Buffer, headers: Headers): void {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  sendTagged(res, { bytes, etag: strongEtag(bytes) }, headers);
}

/** Bytes with their strong ETag, made once and sent many times (a rendered page kept while unchanged). */
export interface TaggedBody {
  bytes: Buffer;
  etag: string;
}

export function taggedBody(body: string | Buffer): TaggedBody {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return { bytes, etag: strongEtag(bytes) };
}

/** As sendWithEtag, for bytes whose tag was made already. */
export function sendTagged(res: ServerResponse, { bytes, etag }: TaggedBody, headers: Headers): void {
  if (isConditionalRead(res) && matchesIfNoneMatch(res.req.headers['if-none-match'], etag)) return sendNotModified(res, etag, headers);
  sendBody(res, 200, bytes, { ...headers, etag });
}

/**
 * A tagged body and the headers of its 200 as the flat list writeHead takes, made once for a body sent many
 * times (a kept page): building the headers object per request cost about as much as the rest of the route.
 */
export interface PreparedAnswer {
  body: TaggedBody;
  /** The headers it was prepared with (a 304 takes some of them). */
  headers: Readonly<Record<string, string>>;
  flat: readonly string[];
}

export function prepareAnswer(body: TaggedBody, headers: Readonly<Record<string, string>>): PreparedAnswer {
  const flat = ['content-length', String(body.bytes.length)];
  for (const [name, value] of Object.entries(headers)) flat.push(name, value);
  flat.push('etag', body.etag);
  return { body, headers, flat };
}

/** As sendTagged, with the headers prepared. */
export function sendPrepared(res: ServerResponse, answer: PreparedAnswer): void {
  if (isConditionalRead(res) && matchesIfNoneMatch(res.req.headers['if-none-match'], answer.body.etag)) return sendNotModified(res, answer.body.etag, answer.headers);
  res.writeHead(200, answer.flat as string[]);
  if (res.req?.method === 'HEAD') res.end();
  else res.end(answer.body.bytes);
}

/**
 * 304 with the ETag and, of the 200's headers, those a cache updates its stored copy with (RFC 9110
 * §15.4.5: Cache-Control, Content-Location, Expires, Vary); no body, no Content-Length.
 */
export function sendNotModified(res: ServerResponse, etag: string, headers: Headers): void {
  const kept: Headers = { etag };
  for (const name of FRESHENED) if (headers[name] !== undefined) kept[name] = headers[name];
  res.writeHead(304, kept);
  res.end();
}

const FRESHENED = ['cache-control', 'content-location', 'expires', 'vary'] as const;

/** If-None-Match turns a GET or HEAD into 304; any other method would need 412, which no caller here has. */
function isConditionalRead(res: ServerResponse): boolean {
  const method = res.req?.method;
  return method === 'GET' || method === 'HEAD';
}

/**
 * The opaque tags of `#entity-tag` (RFC 9110 §8.8.3, list syntax §5.6.1: empty elements and whitespace
 * around commas allowed), the weak marker dropped; null when the value is not such a list.
 *
 *     W/"a", "b" ,,"c"
 *     ^ weak marker, then a quoted tag; then optional spaces, a comma or the end
 */
function parseEntityTags(field: string): string[] | null {
  const tags: string[] = [];
  let at = 0;
  for (;;) {
    at = skipSeparators(field, at);
    if (at >= field.length) return tags;
    if (field.startsWith('W/', at)) at += 2;
    const end = endOfOpaqueTag(field, at);
    if (end < 0) return null;
    tags.push(field.slice(at, end));
    at = skipWhitespace(field, end);
    if (at < field.length && field.charCodeAt(at) !== COMMA) return null;
  }
}

/** Past the closing quote of the opaque tag starting at `at`, or -1 when there is none there. */
function endOfOpaqueTag(field: string, at: number): number {
  if (field.charCodeAt(at) !== DQUOTE) return -1;
  for (let i = at + 1; i < field.length; i++) {
    const c = field.charCodeAt(i);
    if (c === DQUOTE) return i + 1;
    // etagc = %x21 / %x23-7E / obs-text
    if (c < 0x21 || c === 0x7f) return -1;
  }
  return -1;
}

function skipSeparators(field: string, at: number): number {
  while (at < field.length && (field.charCodeAt(at) === COMMA || isWhitespace(field.charCodeAt(at)))) at++;
  return at;
}

function skipWhitespace(field: string, at: number): number {
  while (at < field.length && isWhitespace(field.charCodeAt(at))) at++;
  return at;
}

function isWhitespace(c: number): boolean {
  return c === SPACE || c === TAB;
}

const DQUOTE = 34;
const COMMA = 44;
const SPACE = 32;
const TAB = 9;
