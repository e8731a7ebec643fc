// Every Content API answer a test server sends is checked against the OpenAPI document the API describes
// itself with (src/api/openapi.ts), by ajv (openapi-tools.ts): the whole suite's API tests then also prove
// the document true. Problems are kept and reported when the server is closed.
//
// What is checked, for GET, HEAD and OPTIONS below the API prefix: that the document describes the address
// and the method, the status, the headers it says are always sent, the media type, and (GET, JSON) the body
// by the answer's schema. An answer to an address the document lacks is a problem, unless it is the server's
// own answer before any endpoint, which has no RateLimit headers (every answer of an API endpoint has them,
// api-request.ts): a refusal (no route or another spelling that names none: 404; too long: 414), or the
// permanent redirect of another spelling to the one address of an endpoint the document describes
// (http/canonical-address.ts). OPTIONS is the preflight any address below the prefix gets alike, checked only
// where the document has the address.
import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import { openApiDocument } from '../../dist/api/openapi.js';
import { API_PREFIX } from '../../dist/api/api-request.js';
import { AnswerChecker } from './openapi-tools.ts';

interface DescribedResponse { headers?: Record<string, { required?: boolean; schema?: { const?: unknown }; $ref?: string }>; content?: Record<string, unknown> }
interface Document { paths: Record<string, Record<string, { responses: Record<string, DescribedResponse> }>> }

let checker: AnswerChecker | undefined;
let described: Document | undefined;
const METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Watches `server`'s answers below the API prefix; the returned function gives the problems found. */
export function watchApiAnswers(server: Server): () => string[] {
  const problems: string[] = [];
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0]!;
    const method = req.method ?? 'GET';
    if (!METHODS.has(method) || !path.startsWith(`${API_PREFIX}/`)) return;
    const chunks: Buffer[] = [];
    const sent: Record<string, unknown> = {};
    const { write, end, writeHead } = res;
    // Copied as written: a list answer's bytes are lent and used again once it is sent (list-answer.ts).
    const keep = (chunk: unknown) => {
      if (typeof chunk === 'string') chunks.push(Buffer.from(chunk));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    // The headers as given to writeHead (an object, a flat list, or pairs) beside those set one by one.
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      Object.assign(sent, lowerCased(this.getHeaders()));
      const given = args.find((arg, i) => i > 0 && typeof arg === 'object' && arg !== null);
      Object.assign(sent, headerList(given));
      return (writeHead as (...rest: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      keep(chunk);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof res.write;
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk !== 'function') keep(chunk);
      return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as typeof res.end;
    res.on('finish', () => {
      Object.assign(sent, lowerCased(res.getHeaders()));
      const found = check(path.slice(API_PREFIX.length), method, res.statusCode, sent, Buffer.concat(chunks));
      for (const problem of found) problems.push(`${method === 'GET' ? '' : `${method} `}${shortUrl(req.url)}: ${problem}`);
    });
  });
  return () => problems;
}

/** What is wrong with an answer to `method` `endpoint` (below the API prefix), [] when the document describes it. */
function check(endpoint: string, method: string, status: number, headers: Record<string, unknown>, bytes: Buffer): string[] {
  described ??= openApiDocument('http://svc.invalid', 'Watched') as unknown as Document;
  const item = Object.hasOwn(described.paths, endpoint) ? described.paths[endpoint]! : undefined;
  if (!item) {
    // The server's own refusal (no route, too long an address) is no answer of the API's.
    if (method === 'OPTIONS' || (status >= 400 && headers['ratelimit-limit'] === undefined)) return [];
    if (status === 301 && headers['ratelimit-limit'] === undefined) return redirectProblems(method, headers);
    return [`${status}: the Content API answers ${endpoint}, which openapi.json does not describe`];
  }
  const operation = item[method.toLowerCase()];
  if (!operation) return [`${endpoint}: openapi.json describes no ${method}`];
  const response = operation.responses[String(status)];
  if (!response) return [`${endpoint}: ${method} status ${status} is not described`];
  const problems: string[] = [];
  for (const [name, given] of Object.entries(response.headers ?? {})) {
    const header = resolved(described, given);
    const value = headers[name.toLowerCase()];
    if (value === undefined) {
      if (header.required) problems.push(`${endpoint} ${status}: the header ${name} is described as always sent, and was not`);
    } else if (header.schema?.const !== undefined && String(value) !== String(header.schema.const)) {
      problems.push(`${endpoint} ${status}: the header ${name} is ${String(value)}, described as ${String(header.schema.const)}`);
    }
  }
  if (status === 304 || method === 'HEAD') {
    if (bytes.length > 0) problems.push(`${endpoint} ${status}: ${method} ${status} sent a body`);
    return problems;
  }
  if (!response.content) {
    if (bytes.length > 0) problems.push(`${endpoint} ${status}: has a body, the document describes none`);
    return problems;
  }
  const media = String(headers['content-type'] ?? '').split(';')[0]!.trim();
  if (!Object.hasOwn(response.content, media)) {
    problems.push(`${endpoint} ${status}: ${media || 'no content type'}, described as ${Object.keys(response.content).join(' or ')}`);
    return problems;
  }
  if (media !== 'application/json') return problems;
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    return [...problems, `${status} is not JSON`];
  }
  checker ??= new AnswerChecker(described as unknown as { paths: Record<string, unknown> });
  return [...problems, ...checker.problems(endpoint, status, body)];
}

/** What is wrong with a redirect of another spelling: it must name the one address of a described endpoint. */
function redirectProblems(method: string, headers: Record<string, unknown>): string[] {
  const location = String(headers.location ?? '');
  const path = location.split('?')[0]!;
  const endpoint = path.startsWith(`${API_PREFIX}/`) ? path.slice(API_PREFIX.length) : '';
  if (!Object.hasOwn(described!.paths, endpoint) || !described!.paths[endpoint]![method === 'HEAD' ? 'get' : method.toLowerCase()]) {
    return [`301 to ${location || 'nowhere'}, which is no endpoint openapi.json describes`];
  }
  if (headers['access-control-allow-origin'] !== '*') return [`301 to ${location}: without CORS, a browser app cannot follow it`];
  return [];
}

type DescribedHeader = { required?: boolean; schema?: { const?: unknown } };
/** A header's description, where the answer names it by reference (`#/components/headers/...`). */
function resolved(document: unknown, header: DescribedHeader & { $ref?: string }): DescribedHeader {
  if (header.$ref === undefined) return header;
  let node: any = document;
  for (const part of header.$ref.replace(/^#\//, '').split('/')) node = node?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  if (node === undefined) throw new Error(`openapi.json names ${header.$ref}, which it does not have`);
  return node as DescribedHeader;
}

function lowerCased(headers: OutgoingHttpHeaders): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** writeHead's headers as name -> value: an object, a flat list [name, value, ...], or a list of pairs. */
function headerList(given: unknown): Record<string, unknown> {
  if (given === undefined) return {};
  if (!Array.isArray(given)) return lowerCased(given as OutgoingHttpHeaders);
  const list: Record<string, unknown> = {};
  if (given.every((item) => Array.isArray(item))) {
    for (const [name, value] of given as [string, unknown][]) list[String(name).toLowerCase()] = value;
  } else {
    for (let i = 0; i + 1 < given.length; i += 2) list[String(given[i]).toLowerCase()] = given[i + 1];
  }
  return list;
}

function shortUrl(url: string | undefined): string {
  return url === undefined || url.length <= 120 ? String(url) : `${url.slice(0, 120)}…`;
}
