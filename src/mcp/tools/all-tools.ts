// Every MCP tool, one line each, in the order tools/list shows them. Add yours here.
import type { Tool } from '../tool.js';

export const ALL_TOOLS: readonly Tool[] = [
];
