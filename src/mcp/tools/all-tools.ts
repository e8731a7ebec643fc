// Every MCP tool, one line each, in the order tools/list shows them. Add yours here.
import type { Tool } from '../tool.js';
import { siteInfoTool } from './site-info.js';
import { contentListTool } from './content-list.js';
import { contentReadTool } from './content-read.js';
import { contentCardsTool } from './content-cards.js';

export const ALL_TOOLS: readonly Tool[] = [
  siteInfoTool,
  contentListTool,
  contentReadTool,
  contentCardsTool,
];
