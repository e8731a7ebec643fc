// The server described without connecting: an MCP Server Card (SEP-2127, draft, at
// `/.well-known/mcp/server-card.json`) and the `server.json` the official MCP registry takes (its schema of
// 2025-12-11, `svc mcp server-json`). Both say who the server is (a reverse-DNS name made from the site's
// host), where it answers (the streamable-http remote `{base_url}/svc/mcp`) and how a client gets in (a
// bearer token, or OAuth); the card adds what initialize and the list methods would give: capabilities,
// and every tool, resource and prompt, each tool with the scope a token needs for it. The lists come from
// the very methods that answer tools/list, resources/list and prompts/list, so they cannot differ.
import { SCOPES } from '../../auth/principal.js';
import type { McpContext } from '../context.js';
import { Catalog } from '../catalog.js';
import { createMcpMethods, type McpMethods, type McpRegistry } from '../mcp-methods.js';
import { CAPABILITIES } from '../mcp-server.js';
import { LATEST_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSIONS, SUPPORTED_PROTOCOL_VERSIONS } from '../protocol-version.js';
import { serverInfo } from '../server-introduction.js';
import { mcpResourceUrl, resourceMetadataUrl } from './resource-metadata.js';

export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
export const SERVER_JSON_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';
/** Where a tool's scope is said, in `_meta` (a key of our own: MCP reserves only `io.modelcontextprotocol/`). */
export const SCOPE_META = 'svc/scope';
export const AUTHORIZATION_META = 'svc/authorization';

/** What the site says of itself (site.yaml): its name and what it is about. */
export interface SiteFacts {
  title: string;
  description: string;
}

/** `org.example.www/svc` for https://www.example.org: the registry's `namespace/name`, namespace by domain. */
export function registryName(baseUrl: string): string {
  const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
  const namespace = host.split('.').reverse().join('.').replace(/[^a-zA-Z0-9.-]/g, '-');
  return `${namespace}/svc`;
}

/** At most `max` characters, cut at a word where one is near. */
function shortened(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** The fields both documents share: name, version, title, description, website, and the remote. */
function identity(baseUrl: string, site: SiteFacts) {
  const title = shortened(site.title, 100) || 'svc';
  return {
    name: registryName(baseUrl),
    version: serverInfo().version,
    title,
    description: shortened(site.description, 100) || shortened(`The website ${title}: its content and statistics`, 100),
    websiteUrl: baseUrl,
  };
}

const AUTHORIZATION_HEADER = {
  name: 'Authorization',
  description: '"Bearer svc_…", a token made in the site\'s panel under Assistants; leave it out to sign in with OAuth instead',
  isRequired: false,
  isSecret: true,
};

function remote(baseUrl: string) {
  return { type: 'streamable-http' as const, url: mcpResourceUrl(baseUrl), headers: [AUTHORIZATION_HEADER] };
}

/** `server.json` for the official MCP registry: this site's remote, no package (nothing to install). */
export function buildServerJson(baseUrl: string, site: SiteFacts): Record<string, unknown> {
  return { $schema: SERVER_JSON_SCHEMA, ...identity(baseUrl, site), remotes: [remote(baseUrl)] };
}

/** A context for the list methods, which depend on no caller: the card is the same for everyone. */
function listingContext(): McpContext {
  return { session: { protocolVersion: LATEST_PROTOCOL_VERSION, logLevel: 'info' } } as McpContext;
}

/** Every item of a paginated list method. */
async function everything(methods: McpMethods, method: 'tools/list' | 'resources/list' | 'prompts/list', key: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const page = await methods[method](cursor ? { cursor } : {}, listingContext()) as Record<string, unknown>;
    items.push(...(page[key] as Record<string, unknown>[]));
    cursor = page.nextCursor as string | undefined;
  } while (cursor);
  return items;
}

/** Makes server cards for one registry (its modules are loaded once, on the first card). */
export function serverCardMaker(registry: McpRegistry): (baseUrl: string, site: SiteFacts) => Promise<Record<string, unknown>> {
  const methods = createMcpMethods({ registry, log: () => {} });
  const scopes = new Catalog(registry.tools, (tool) => tool.name);
  return async (baseUrl, site) => {
    const [tools, resources, prompts] = await Promise.all([everything(methods, 'tools/list', 'tools'), everything(methods, 'resources/list', 'resources'), everything(methods, 'prompts/list', 'prompts')]);
    const scoped = await Promise.all(tools.map(async (tool) => {
      const scope = (await scopes.get(tool.name as string))?.scope ?? null;
      return { ...tool, _meta: { ...(tool._meta as Record<string, unknown> | undefined), [SCOPE_META]: scope } };
    }));
    return {
      $schema: SERVER_CARD_SCHEMA,
      ...identity(baseUrl, site),
      remotes: [{
        ...remote(baseUrl),
        supportedProtocolVersions: [...MODERN_PROTOCOL_VERSIONS, ...SUPPORTED_PROTOCOL_VERSIONS],
        authentication: { required: true, schemes: ['bearer', 'oauth2'] },
      }],
      capabilities: CAPABILITIES,
      resources,
      tools: scoped,
      prompts,
      _meta: {
        [AUTHORIZATION_META]: {
          protected_resource_metadata: resourceMetadataUrl(baseUrl),
          authorization_servers: [baseUrl],
          scopes_supported: [...SCOPES],
        },
      },
    };
  };
}
