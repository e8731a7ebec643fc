// The resource templates of the registry: listed by resources/templates/list, read by resources/read for a
// URI no plain resource has, completed by completion/complete. A template's resource is its tool's answer:
// the tool's own argument check and handler run, behind the tool's scope, so the resource says what the tool
// says and refuses what it refuses. Only the form of a refusal differs: a missing entry is "resource not
// found", bad arguments are invalid params, each with the tool's sentence.
import { isAppError } from '../errors.js';
import { ErrorCodes, RpcError } from '../jsonrpc/messages.js';
import { holdsScope } from '../auth/principal.js';
import type { Catalog } from './catalog.js';
import type { McpContext } from './context.js';
import type { ResourceTemplate } from './resource-template.js';
import type { Tool } from './tool.js';
import { refusalSentence } from './tool-call.js';

export interface TemplateMatch {
  template: ResourceTemplate;
  variables: Record<string, string>;
}

export interface TemplateWords {
  notFound: (uri: string, sentence: string) => RpcError;
  printable: (uri: string) => string;
}

export interface ReadContents {
  contents: Array<{ uri: string; mimeType: string; text: string }>;
}

/** The templates are loaded on first use (they bring the code of completions); listed in declaration order. */
export class ResourceTemplates {
  /** `words`: mcp-methods.ts's resourceNotFound and printableUri (given, not imported: this module is loaded from there). */
  constructor(private readonly templates: Catalog<ResourceTemplate>, private readonly tools: Catalog<Tool>, private readonly words: TemplateWords) {}

  async list(): Promise<Array<Pick<ResourceTemplate, 'uriTemplate' | 'name' | 'title' | 'description' | 'mimeType'>>> {
    return (await this.templates.all()).map(({ uriTemplate, name, title, description, mimeType }) => ({ uriTemplate, name, title, description, mimeType }));
  }

  /** The template `uri` fits, with its variables; null when none does. */
  async match(uri: string): Promise<TemplateMatch | null> {
    for (const template of await this.templates.all()) {
      const variables = template.template.match(uri);
      if (variables) return { template, variables };
    }
    return null;
  }

  /** The resource at `uri` read through its template's tool; null when no template fits it. */
  async read(uri: string, context: McpContext): Promise<ReadContents | null> {
    const found = await this.match(uri);
    if (!found) return null;
    const tool = await this.tools.get(found.template.tool);
    if (!tool) throw new Error(`resource template ${found.template.uriTemplate} names the unknown tool ${found.template.tool}`);
    if (!holdsScope(context.principal, tool.scope)) {
      throw new RpcError(ErrorCodes.invalidParams, await refusalSentence(context.principal, tool.scope!, `read ${this.words.printable(uri)}`));
    }
    const parsed = tool.parse(found.template.arguments(found.variables));
    if (!parsed.ok) throw new RpcError(ErrorCodes.invalidParams, `The URI ${this.words.printable(uri)} does not name a resource of ${found.template.uriTemplate}: ${parsed.message}.`);
    let answer: Record<string, unknown>;
    try {
      answer = await tool.handler(parsed.value, context);
    } catch (error) {
      if (isAppError(error) && error.kind === 'not_found') throw this.words.notFound(uri, error.message);
      if (isAppError(error) && error.kind !== 'internal') throw new RpcError(ErrorCodes.invalidParams, error.message);
      throw error;
    }
    return { contents: [{ uri, mimeType: found.template.mimeType, text: JSON.stringify(answer) }] };
  }

  /** Suggestions for a variable of the template written `uriTemplate`; null when there is no such template. */
  async complete(uriTemplate: string, variable: string, value: string, context: McpContext): Promise<string[] | null> {
    const template = await this.templates.get(uriTemplate);
    if (!template) return null;
    if (!template.template.variables.includes(variable)) return [];
    return template.complete(variable, value, context);
  }
}
