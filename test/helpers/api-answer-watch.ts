// Every Content API answer a test server sends is checked against the OpenAPI document the API describes
// itself with (src/api/openapi.ts), by ajv (openapi-tools.ts): the whole suite's API tests then also prove
// the document true. Problems are kept and reported when the server is closed.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { openApiDocument } from '../../dist/api/openapi.js';
import { API_PREFIX } from '../../dist/api/api-request.js';
import { AnswerChecker } from './openapi-tools.ts';

let checker: AnswerChecker | undefined;

/** Watches `server`'s GET answers below the API prefix; the returned function gives the problems found. */
export function watchApiAnswers(server: Server): () => string[] {
  const problems: string[] = [];
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0]!;
    if (req.method !== 'GET' || !path.startsWith(`${API_PREFIX}/`)) return;
    const chunks: Buffer[] = [];
    const { write, end } = res;
    // Copied as written: a list answer's bytes are lent and used again once it is sent (list-answer.ts).
    const keep = (chunk: unknown) => {
      if (typeof chunk === 'string') chunks.push(Buffer.from(chunk));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      keep(chunk);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof res.write;
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk !== 'function') keep(chunk);
      return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as typeof res.end;
    res.on('finish', () => {
      if (res.statusCode === 304) return;
      checker ??= new AnswerChecker(openApiDocument('http://svc.invalid', 'Watched') as { paths: Record<string, unknown> });
      const endpoint = path.slice(API_PREFIX.length);
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        problems.push(`${shortUrl(req.url)}: ${res.statusCode} is not JSON`);
        return;
      }
      // An address the API does not have is the site's 404, not the API's.
      if (!Object.hasOwn((openApiDocument('http://svc.invalid', 'Watched') as { paths: object }).paths, endpoint)) return;
      for (const problem of checker.problems(endpoint, res.statusCode, body)) problems.push(`${shortUrl(req.url)}: ${problem}`);
    });
  });
  return () => problems;
}

function shortUrl(url: string | undefined): string {
  return url === undefined || url.length <= 120 ? String(url) : `${url.slice(0, 120)}…`;
}
