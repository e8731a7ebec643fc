// A real OpenAPI validator (@seriousme/openapi-schema-validator, with the ajv it brings) installed at test
// time into a scratch folder, as the browser tools are (browser.ts); and the check of a Content API answer
// against the document the server describes itself with.
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { scratchPackages } from './scratch-packages.ts';

const SCRATCH = process.env.SVC_OPENAPI_DIR ?? join(tmpdir(), 'svc-openapi');
const VALIDATOR = '@seriousme/openapi-schema-validator@2.11.0';
const AJV = 'ajv@8.20.0';

interface OpenApiValidator { validate(document: unknown): Promise<{ valid: boolean; errors?: unknown }> }
interface AjvInstance {
  addSchema(schema: unknown, key?: string): unknown;
  getSchema(key: string): (((data: unknown) => boolean) & { errors?: Array<{ instancePath: string; message?: string }> | null }) | undefined;
}

function install(): string {
  return scratchPackages(SCRATCH, [VALIDATOR, AJV]);
}

/** The validator's verdict on an OpenAPI document: its errors, none when it is valid. */
export async function openApiProblems(document: unknown): Promise<unknown[]> {
  const folder = install();
  const entry = createRequire(join(folder, 'package.json')).resolve('@seriousme/openapi-schema-validator');
  const { Validator } = await import(pathToFileURL(entry).href) as { Validator: new () => OpenApiValidator };
  const result = await new Validator().validate(document);
  return result.valid ? [] : [result.errors];
}

/** Checks answers against one document: the schema of the answer its path and status name. */
export class AnswerChecker {
  private readonly ajv: AjvInstance;
  private static readonly ID = 'https://svc.invalid/openapi.json';

  private readonly document: { paths: Record<string, unknown> };

  constructor(document: { paths: Record<string, unknown> }) {
    this.document = document;
    const require = createRequire(join(install(), 'package.json'));
    const Ajv2020 = (require('ajv/dist/2020') as { default: new (options: object) => AjvInstance }).default;
    // Not strict: the document's own keys (openapi, paths...) are not JSON Schema keywords.
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
    this.ajv.addSchema({ ...document, $id: AnswerChecker.ID });
  }

  /** What is wrong with `body` as the answer `status` of GET `path` (below /svc/api/v1), or [] when it conforms. */
  problems(path: string, status: number, body: unknown): string[] {
    const operation = (this.document.paths[path] as { get?: { responses: Record<string, { content?: unknown }> } } | undefined)?.get;
    if (!operation) return [`${path}: no such path in the document`];
    const response = operation.responses[String(status)];
    if (!response) return [`${path}: status ${status} is not described`];
    if (!response.content) return body === undefined ? [] : [`${path}: status ${status} has no body in the document`];
    const pointer = `#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/get/responses/${status}/content/application~1json/schema`;
    const check = this.ajv.getSchema(AnswerChecker.ID + pointer);
    if (!check) return [`${path}: no schema at ${pointer}`];
    return check(body) ? [] : (check.errors ?? []).map((error) => `${path} ${status}: ${error.instancePath || '(root)'} ${error.message ?? ''}`);
  }
}
