import type { McpRegistry } from './mcp-server.js';
import { ALL_TOOLS } from './tools/all-tools.js';
import { ALL_RESOURCES } from './resources/all-resources.js';
import { ALL_PROMPTS } from './prompts/all-prompts.js';

/** Every tool, resource and prompt of the installation; both transports serve this same registry. */
export function defaultRegistry(): McpRegistry {
  return { tools: ALL_TOOLS, resources: ALL_RESOURCES, prompts: ALL_PROMPTS };
}
