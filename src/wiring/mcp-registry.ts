// Every MCP tool, resource and prompt of the installation, one line each: its key and how to load its module
// (loaded on first use, see mcp/catalog.ts). Both transports serve this same registry. Add yours here. The
// three lists live in this one file because the stdio server's first answer loads it: a list module of
// their own each cost that answer a module more to resolve, read, compile and link (~0.3-0.7 ms on Node 20).
import type { McpRegistry } from '../mcp/mcp-server.js';
import type { Tool } from '../mcp/tool.js';
import type { Resource } from '../mcp/resource.js';
import type { Prompt } from '../mcp/prompt.js';
import { Catalog, lazy, type Declared } from '../mcp/catalog.js';
// site_info is where every session starts (its description says so), so it comes with the list: loaded on
// its first call instead, it cost the stdio server's first answer a round of loading of its own, ~2 ms on
// Node 20 and ~1 ms on Node 24, for two small modules.
import { siteInfoTool } from '../mcp/tools/site-info.js';

/** In the order tools/list shows them. */
const TOOLS: readonly Declared<Tool>[] = [
  siteInfoTool,
  lazy('content_list', () => import('../mcp/tools/content-list.js').then((m) => m.contentListTool)),
  lazy('content_read', () => import('../mcp/tools/content-read.js').then((m) => m.contentReadTool)),
  lazy('content_cards', () => import('../mcp/tools/content-cards.js').then((m) => m.contentCardsTool)),
  lazy('content_create', () => import('../mcp/tools/content-create.js').then((m) => m.contentCreateTool)),
  lazy('content_update', () => import('../mcp/tools/content-update.js').then((m) => m.contentUpdateTool)),
  lazy('content_style', () => import('../mcp/tools/content-style.js').then((m) => m.contentStyleTool)),
  lazy('content_publish', () => import('../mcp/tools/content-publish.js').then((m) => m.contentPublishTool)),
  lazy('content_unpublish', () => import('../mcp/tools/content-unpublish.js').then((m) => m.contentUnpublishTool)),
  lazy('media_upload', () => import('../mcp/tools/media-upload.js').then((m) => m.mediaUploadTool)),
  lazy('stats_overview', () => import('../mcp/tools/stats-overview.js').then((m) => m.statsOverviewTool)),
  lazy('stats_query', () => import('../mcp/tools/stats-query.js').then((m) => m.statsQueryTool)),
  lazy('stats_post', () => import('../mcp/tools/stats-post.js').then((m) => m.statsPostTool)),
  lazy('stats_realtime', () => import('../mcp/tools/stats-realtime.js').then((m) => m.statsRealtimeTool)),
  lazy('stats_ai_crawlers', () => import('../mcp/tools/stats-ai-crawlers.js').then((m) => m.statsAiCrawlersTool)),
  lazy('stats_goals', () => import('../mcp/tools/stats-goals.js').then((m) => m.statsGoalsTool)),
  lazy('stats_funnel', () => import('../mcp/tools/stats-funnel.js').then((m) => m.statsFunnelTool)),
  lazy('consent_overview', () => import('../mcp/tools/consent-overview.js').then((m) => m.consentOverviewTool)),
];

/** By URI, in the order resources/list shows them. */
const RESOURCES: readonly Declared<Resource>[] = [
  lazy('svc://site', () => import('../mcp/resources/site-guide.js').then((m) => m.siteGuideResource)),
  lazy('svc://stats/today', () => import('../mcp/resources/stats-today.js').then((m) => m.statsTodayResource)),
];

const PROMPTS: readonly Declared<Prompt>[] = [
  lazy('weekly_review', () => import('../mcp/prompts/weekly-review.js').then((m) => m.weeklyReviewPrompt)),
];

/** Every tool, resource and prompt of the installation. */
export function defaultRegistry(): McpRegistry {
  return { tools: TOOLS, resources: RESOURCES, prompts: PROMPTS };
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
