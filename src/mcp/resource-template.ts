// Declaring a resource template (resources/templates/list): a URI with variables whose resource is the answer
// of a read-only tool. Reading one runs that tool (resource-templates.ts), so the resource gives what the tool
// gives, under the same scope and role rules, with nothing of it written twice.
import type { McpContext } from './context.js';
import { uriTemplate, type UriTemplate } from './uri-template.js';

export interface ResourceTemplateSpec {
  /** RFC 6570, e.g. `svc://entry/{+id}{?lang}` (resources/uri-template.ts says which expressions). */
  uriTemplate: string;
  name: string;
  title: string;
  /** What it gives, ending with the scope a token needs (the tool's). */
  description: string;
  mimeType: 'application/json';
  /** The read-only tool whose answer the resource is. */
  tool: string;
  /** The tool's arguments for a URI's variables. */
  arguments: (variables: Readonly<Record<string, string>>) => Record<string, unknown>;
  /** Suggestions for a variable's value (completion/complete). */
  complete: (variable: string, value: string, context: McpContext) => string[];
  /** For an entry's resource: which entry (and language) a URI names, so changes to it can be told. */
  entryOf?: (variables: Readonly<Record<string, string>>) => { id: string; language?: string };
}

export interface ResourceTemplate extends ResourceTemplateSpec {
  readonly template: UriTemplate;
}

export function defineResourceTemplate(spec: ResourceTemplateSpec): ResourceTemplate {
  if (!/^[a-z][a-z0-9+.-]*:\/\//.test(spec.uriTemplate)) throw new Error(`resource template ${spec.uriTemplate} is not a URI template`);
  return { ...spec, template: uriTemplate(spec.uriTemplate) };
}

/** At most this many suggestions are worked out for one completion (mcp-methods.ts shows 100 and the total). */
export const COMPLETION_SCAN_LIMIT = 1000;

/** The values starting with `typed` first, then those containing it, case-insensitively; at most COMPLETION_SCAN_LIMIT. */
export function suggest(values: Iterable<string>, typed: string): string[] {
  const wanted = typed.toLowerCase();
  const starting: string[] = [];
  const containing: string[] = [];
  for (const value of values) {
    const lower = value.toLowerCase();
    if (lower.startsWith(wanted)) starting.push(value);
    else if (wanted !== '' && lower.includes(wanted)) containing.push(value);
    if (starting.length >= COMPLETION_SCAN_LIMIT) break;
  }
  return [...starting.sort(), ...containing.sort()].slice(0, COMPLETION_SCAN_LIMIT);
}
