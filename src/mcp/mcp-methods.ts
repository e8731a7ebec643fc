// The MCP methods both protocol eras share (tools, resources, prompts, completion), written once over one
// registry. The 2025 dispatcher (mcp-server.ts) and the 2026-07-28 one (modern-server.ts) register these and
// differ only in the handshake methods around them and in how a result is dressed.
import { ErrorCodes, RpcError } from '../jsonrpc/messages.js';
import type { McpContext } from './context.js';
import type { AnswerShapes, Tool } from './tool.js';
import type { Resource } from './resource.js';
import type { Prompt } from './prompt.js';
import { callTool, refusalSentence, type CallToolResult } from './tool-call.js';
import { holdsScope } from '../auth/principal.js';
import { Catalog, type Declared } from './catalog.js';
import { callParams, completeParams, cursorParams, getPromptParams, readParams } from './params.js';
import { ToolAnswerCache } from './tool-answer-cache.js';
import { paginate } from './cursor.js';
import { APP_SCHEME, appsDeclared, undeclaredAppRefusal, type ListedTool, type McpApps } from './apps-extension.js';
import type { ResourceTemplate } from './resource-template.js';
import type { JsonRpcId } from '../jsonrpc/messages.js';
import { importLater } from '../lib/on-demand.js';

export interface McpRegistry {
  tools: readonly Declared<Tool>[];
  resources: readonly Declared<Resource>[];
  prompts: readonly Declared<Prompt>[];
  /** Resource templates (resources/templates/list), each read through a read-only tool; by URI template. */
  resourceTemplates?: readonly Declared<ResourceTemplate>[];
  /** Being told of changes (subscriptions/listen, resources/subscribe), loaded on first use; none when absent. */
  subscriptions?: () => Promise<SubscriptionMethods>;
  /** The tools' answer shapes (mcp/answers/), loaded when a client first lists the tools. */
  answerShapes?: () => Promise<AnswerShapes>;
  /** MCP Apps (mcp/apps/), loaded when a client that declared the extension first asks; absent: no apps. */
  apps?: () => Promise<McpApps>;
}

/** The methods of being told of changes (subscriptions/), loaded when a client first listens or subscribes. */
export interface SubscriptionMethods {
  /** subscriptions/listen (2026-07-28): opens the stream; resolves with the listen's id once the server ends it. */
  listen: (params: Record<string, unknown>, context: McpContext) => Promise<JsonRpcId>;
  /** notifications/cancelled (2026-07-28): ends the listen it names, without its result. */
  cancel: (params: Record<string, unknown>, context: McpContext) => void;
  /** resources/subscribe and resources/unsubscribe (2025, stdio). */
  subscribe: McpMethod;
  unsubscribe: McpMethod;
}

export interface McpServerOptions {
  registry: McpRegistry;
  log: (line: string) => void;
  /** Items per page of the list methods. */
  pageSize?: number;
  /** Handlers made once and shared by both eras' dispatchers (one catalog, one answer cache); made anew when absent. */
  methods?: McpMethods;
}

/** JSON-RPC code of "resource not found" in the 2025 revisions (the 2026-07-28 revision uses -32602). */
export const RESOURCE_NOT_FOUND = -32002;

/**
 * "Resource not found" for `uri`, with a sentence saying where to look (or why: a template's tool says it).
 * One sentence for a URI that names nothing and for one the token may not read, so a refusal never tells which.
 */
export function resourceNotFound(uri: string, sentence = 'Call resources/list and resources/templates/list to see the resources.'): RpcError {
  return new RpcError(RESOURCE_NOT_FOUND, `Resource not found: ${printableUri(uri)}. ${sentence}`, { uri: printableUri(uri) });
}

/** A URI as it may be quoted back: control characters replaced, at most 200 characters. */
export function printableUri(uri: string): string {
  return uri.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 200);
}

/** Resource templates are worked with only when a client asks for them (a stdio start never loads them). */
const templatesModule = importLater<typeof import('./resource-templates.js')>('./resource-templates.js', import.meta.url);

export type McpMethod = (params: Record<string, unknown>, context: McpContext) => unknown;

export interface McpMethods {
  'tools/list': McpMethod;
  'tools/call': McpMethod;
  'resources/list': McpMethod;
  'resources/templates/list': McpMethod;
  'resources/read': McpMethod;
  'prompts/list': McpMethod;
  'prompts/get': McpMethod;
  'completion/complete': McpMethod;
}

/** One set of handlers over one registry: tools, resources and prompts load on first use and are kept. */
export function createMcpMethods(options: McpServerOptions): McpMethods {
  const { registry } = options;
  const pageSize = options.pageSize ?? 50;
  const tools = new Catalog(registry.tools, (tool) => tool.name);
  const resources = new Catalog(registry.resources, (resource) => resource.uri);
  const prompts = new Catalog(registry.prompts, (prompt) => prompt.name);
  const templateCatalog = new Catalog(registry.resourceTemplates ?? [], (template) => template.uriTemplate);
  const templates = () => templatesModule().then(({ ResourceTemplates }) => new ResourceTemplates(templateCatalog, tools, { notFound: resourceNotFound, printable: printableUri }));
  let kept: ReturnType<typeof templates> | undefined;
  const resourceTemplates = () => (kept ??= templates());
  // Its text twice, the parsed value about twice more, and the objects around them (TOOL_ANSWER_BYTES).
  const answers = new ToolAnswerCache<CallToolResult>((answer) => 4 * (answer.content[0]?.text.length ?? 0) + 400);

  let appsLoaded: McpApps | undefined;

  const readResource = async (uri: string, context: McpContext) => {
    const resource = await resources.get(uri);
    if (!resource) {
      const templated = await (await resourceTemplates()).read(uri, context);
      if (templated) return templated;
      throw resourceNotFound(uri);
    }
    if (!holdsScope(context.principal, resource.scope)) throw new RpcError(ErrorCodes.invalidParams, await refusalSentence(context.principal, resource.scope!, `use the resource ${resource.uri}`));
    return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: await resource.read(context) }] };
  };

  const callByName = (call: { name: string; arguments?: Record<string, unknown> }, context: McpContext): CallToolResult | Promise<CallToolResult> => {
    // A tool used before is at hand without waiting; the first call of each loads its module.
    const ready = tools.peek(call.name);
    if (ready) return callTool(ready, call.arguments ?? {}, context, answers);
    return tools.get(call.name).then((tool) => {
      if (!tool) throw new RpcError(ErrorCodes.invalidParams, `Unknown tool: ${call.name.slice(0, 100)}. Call tools/list to see the tools.`);
      return callTool(tool, call.arguments ?? {}, context, answers);
    });
  };

  return {
    'tools/list': async (params, context) => {
      const { cursor } = cursorParams(params, 'tools/list');
      const page = await paginate('tools/list', tools.keys(), cursor, pageSize);
      let listed: ListedTool[] = await Promise.all((await tools.getMany(page.items)).map(async (tool) => ({
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: await tool.inputSchema(),
        outputSchema: await tool.outputSchema(registry.answerShapes),
        annotations: { title: tool.title, ...tool.annotations },
      })));
      if (registry.apps && appsDeclared(context.session)) listed = (await registry.apps()).linkTools(listed);
      return page.nextCursor ? { tools: listed, nextCursor: page.nextCursor } : { tools: listed };
    },

    'tools/call': (params, context) => {
      const call = callParams(params);
      // A client that draws apps gets, beside a linked tool's answer, what its view needs (mcp/apps/).
      if (registry.apps && appsDeclared(context.session)) {
        const apps = registry.apps;
        return Promise.resolve(callByName(call, context)).then(async (result) => (await apps()).dressResult(call.name, call.arguments ?? {}, result, context));
      }
      return callByName(call, context);
    },

    'resources/list': async (params, context) => {
      const { cursor } = cursorParams(params, 'resources/list');
      const page = await paginate('resources/list', resources.keys(), cursor, pageSize);
      const listed: Array<Record<string, unknown>> = (await resources.getMany(page.items)).map(({ uri, name, title, description, mimeType }) => ({ uri, name, title, description, mimeType }));
      if (!page.nextCursor && registry.apps && appsDeclared(context.session)) listed.push(...(await registry.apps()).listViews());
      return page.nextCursor ? { resources: listed, nextCursor: page.nextCursor } : { resources: listed };
    },

    'resources/templates/list': async (params) => {
      const { cursor } = cursorParams(params, 'resources/templates/list');
      const page = paginate('resources/templates/list', await (await resourceTemplates()).list(), cursor, pageSize);
      return page.nextCursor ? { resourceTemplates: page.items, nextCursor: page.nextCursor } : { resourceTemplates: page.items };
    },

    'resources/read': (params, context) => {
      const { uri } = readParams(params);
      if (uri.startsWith(APP_SCHEME) && registry.apps) {
        if (!appsDeclared(context.session)) throw undeclaredAppRefusal(uri);
        // Once the apps are loaded, a kept view leaves without a wait (its answer in the turn its request came).
        if (appsLoaded) return appsLoaded.read(uri, context);
        return registry.apps().then((apps) => (appsLoaded = apps).read(uri, context));
      }
      return readResource(uri, context);
    },

    'prompts/list': async (params) => {
      const { cursor } = cursorParams(params, 'prompts/list');
      const page = await paginate('prompts/list', prompts.keys(), cursor, pageSize);
      const listed = (await prompts.getMany(page.items)).map(({ name, title, description, arguments: args }) => ({ name, title, description, arguments: args }));
      return page.nextCursor ? { prompts: listed, nextCursor: page.nextCursor } : { prompts: listed };
    },

    'prompts/get': async (params, context) => {
      const request = getPromptParams(params);
      const prompt = await prompts.get(request.name);
      if (!prompt) throw new RpcError(ErrorCodes.invalidParams, `Unknown prompt: ${request.name.slice(0, 100)}. Call prompts/list to see the prompts.`);
      if (!holdsScope(context.principal, prompt.scope)) throw new RpcError(ErrorCodes.invalidParams, await refusalSentence(context.principal, prompt.scope!, `use the prompt ${prompt.name}`));
      const args = request.arguments ?? {};
      for (const argument of prompt.arguments) {
        if (argument.required && !args[argument.name]) {
          throw new RpcError(ErrorCodes.invalidParams, `The prompt ${prompt.name} needs the argument ${argument.name}.`);
        }
      }
      return { description: prompt.description, messages: await prompt.get(args, context) };
    },

    'completion/complete': async (params, context) => {
      const request = completeParams(params);
      let values: string[] = [];
      if (request.ref.type === 'ref/prompt') {
        values = (await prompts.get(request.ref.name))?.complete?.(request.argument.name, request.argument.value, context) ?? [];
      } else {
        values = (await (await resourceTemplates()).complete(request.ref.uri, request.argument.name, request.argument.value, context)) ?? [];
      }
      // Nothing to suggest is an empty list, not an error (for unknown prompts too, as clients and the
      // conformance suite expect, and for plain resources, which have no arguments).
      const shown = values.slice(0, 100);
      return { completion: { values: shown, total: values.length, hasMore: values.length > shown.length } };
    },
  };
}
