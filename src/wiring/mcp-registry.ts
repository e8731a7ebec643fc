import type { McpRegistry } from '../mcp/mcp-server.js';
import type { Tool } from '../mcp/tool.js';
import type { Resource } from '../mcp/resource.js';
import type { Prompt } from '../mcp/prompt.js';
import { Catalog } from '../mcp/catalog.js';
import { ALL_TOOLS } from '../mcp/tools/all-tools.js';
import { ALL_RESOURCES } from '../mcp/resources/all-resources.js';
import { ALL_PROMPTS } from '../mcp/prompts/all-prompts.js';

/** Every tool, resource and prompt of the installation; both transports serve this same registry. */
export function defaultRegistry(): McpRegistry {
  return { tools: ALL_TOOLS, resources: ALL_RESOURCES, prompts: ALL_PROMPTS };
}

/** Every item loaded, e.g. for tests and documentation that look at all of them at once. */
export async function loadRegistry(registry: McpRegistry = defaultRegistry()): Promise<{ tools: Tool[]; resources: Resource[]; prompts: Prompt[] }> {
  const [tools, resources, prompts] = await Promise.all([
    new Catalog(registry.tools, (tool) => tool.name).all(),
    new Catalog(registry.resources, (resource) => resource.uri).all(),
    new Catalog(registry.prompts, (prompt) => prompt.name).all(),
  ]);
  return { tools, resources, prompts };
}
