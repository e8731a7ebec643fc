// MCP Apps put together (mcp/apps/): the entry preview draws the public page with site/'s preview renderer,
// which mcp/ may not import itself. Loaded only when a client that declared the extension first asks.
import { createMcpApps } from '../mcp/apps/app-catalog.js';
import type { McpApps } from '../mcp/apps-extension.js';
import { renderPreviewPage } from '../site/preview-page.js';

export function mcpApps(): McpApps {
  // The preview's "back to the editor" link is taken out with every other address (mcp/apps/self-contained.ts).
  return createMcpApps((store, entry, translation, log) => renderPreviewPage(store, entry, translation, '#', log));
}
