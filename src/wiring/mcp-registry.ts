// Every MCP tool, resource and prompt of the installation, one line each: its key, its module and the name it
// exports there, loaded on first use through the one loader (lib/on-demand.ts; see mcp/catalog.ts). The tools'
// answer shapes come the same way, when a client first lists the tools. Both transports serve this same
// registry. Add yours here.
import type { McpRegistry } from '../mcp/mcp-server.js';
import type { Tool } from '../mcp/tool.js';
import type { Resource } from '../mcp/resource.js';
import type { Prompt } from '../mcp/prompt.js';
import type { AnswerShapes } from '../mcp/tool.js';
import type { McpApps } from '../mcp/apps-extension.js';
import { Catalog, lazy, type Declared, type Lazy } from '../mcp/catalog.js';
import { importLater } from '../lib/on-demand.js';
// site_info is where every session starts (its description says so), so it comes with the list: loaded on
// its first call instead, it cost the stdio server's first answer a round of loading of its own, ~2 ms on
// Node 20 and ~1 ms on Node 24, for two small modules.
import { siteInfoTool } from '../mcp/tools/site-info.js';
import type { ResourceTemplate } from '../mcp/resource-template.js';
import type { SubscriptionMethods } from '../mcp/mcp-methods.js';

/** A registry line: `key` is what `name` exports from `file`, loaded on first use. */
function onDemand<T>(key: string, file: string, name: string): Lazy<T> {
  const load = importLater<Record<string, T>>(file, import.meta.url);
  return lazy(key, () => load().then((module: Record<string, T>) => module[name]!));
}

const contentAnswers = importLater<typeof import('../mcp/answers/content-answers.js')>('../mcp/answers/content-answers.js', import.meta.url);
const statsAnswers = importLater<typeof import('../mcp/answers/stats-answers.js')>('../mcp/answers/stats-answers.js', import.meta.url);
const answerShapes = (): Promise<AnswerShapes> => Promise.all([contentAnswers(), statsAnswers()]).then(([content, stats]) => ({ ...content, ...stats }));
// MCP Apps: built once, when a client that declared the extension first asks (mcp/apps/).
const appsModule = importLater<typeof import('./mcp-apps.js')>('./mcp-apps.js', import.meta.url);
let builtApps: Promise<McpApps> | undefined;
const apps = (): Promise<McpApps> => (builtApps ??= appsModule().then((module) => module.mcpApps()));

/** In the order tools/list shows them. */
const TOOLS: readonly Declared<Tool>[] = [
  siteInfoTool,
  onDemand('content_list', '../mcp/tools/content-list.js', 'contentListTool'),
  onDemand('content_read', '../mcp/tools/content-read.js', 'contentReadTool'),
  onDemand('content_search', '../mcp/tools/content-search.js', 'contentSearchTool'),
  onDemand('content_cards', '../mcp/tools/content-cards.js', 'contentCardsTool'),
  onDemand('content_create', '../mcp/tools/content-create.js', 'contentCreateTool'),
  onDemand('content_update', '../mcp/tools/content-update.js', 'contentUpdateTool'),
  onDemand('content_style', '../mcp/tools/content-style.js', 'contentStyleTool'),
  onDemand('content_publish', '../mcp/tools/content-publish.js', 'contentPublishTool'),
  onDemand('content_unpublish', '../mcp/tools/content-unpublish.js', 'contentUnpublishTool'),
  onDemand('media_upload', '../mcp/tools/media-upload.js', 'mediaUploadTool'),
  onDemand('content_preview_link', '../mcp/tools/content-preview-link.js', 'contentPreviewLinkTool'),
  onDemand('stats_overview', '../mcp/tools/stats-overview.js', 'statsOverviewTool'),
  onDemand('stats_query', '../mcp/tools/stats-query.js', 'statsQueryTool'),
  onDemand('stats_post', '../mcp/tools/stats-post.js', 'statsPostTool'),
  onDemand('stats_realtime', '../mcp/tools/stats-realtime.js', 'statsRealtimeTool'),
  onDemand('stats_ai_crawlers', '../mcp/tools/stats-ai-crawlers.js', 'statsAiCrawlersTool'),
  onDemand('stats_goals', '../mcp/tools/stats-goals.js', 'statsGoalsTool'),
  onDemand('stats_funnel', '../mcp/tools/stats-funnel.js', 'statsFunnelTool'),
  onDemand('consent_overview', '../mcp/tools/consent-overview.js', 'consentOverviewTool'),
];

/** By URI, in the order resources/list shows them. */
const RESOURCES: readonly Declared<Resource>[] = [
  onDemand('svc://site', '../mcp/resources/site-guide.js', 'siteGuideResource'),
  onDemand('svc://stats/today', '../mcp/resources/stats-today.js', 'statsTodayResource'),
];

/** In the order resources/templates/list shows them. */
const RESOURCE_TEMPLATES: readonly Declared<ResourceTemplate>[] = [
  onDemand('svc://entry/{+id}{?lang}', '../mcp/resources/entry-template.js', 'entryTemplate'),
  onDemand('svc://stats/post/{+id}{?period}', '../mcp/resources/stats-post-template.js', 'statsPostTemplate'),
];

/** Being told of changes: loaded when a client first listens or subscribes. */
const subscriptionsModule = importLater<typeof import('../mcp/subscriptions/subscription-methods.js')>('../mcp/subscriptions/subscription-methods.js', import.meta.url);
const subscriptions = (): Promise<SubscriptionMethods> => subscriptionsModule().then((module) => module.subscriptionMethods);

const PROMPTS: readonly Declared<Prompt>[] = [
  onDemand('weekly_review', '../mcp/prompts/weekly-review.js', 'weeklyReviewPrompt'),
];

/** Every tool, resource and prompt of the installation. */
export function defaultRegistry(): McpRegistry {
  return { tools: TOOLS, resources: RESOURCES, prompts: PROMPTS, resourceTemplates: RESOURCE_TEMPLATES, subscriptions, answerShapes, apps };
}

/** Every item loaded, e.g. for tests and documentation that look at all of them at once. */
export async function loadRegistry(registry: McpRegistry = defaultRegistry()): Promise<{ tools: Tool[]; resources: Resource[]; prompts: Prompt[]; answerShapes: () => Promise<AnswerShapes> }> {
  const [tools, resources, prompts] = await Promise.all([
    new Catalog(registry.tools, (tool) => tool.name).all(),
    new Catalog(registry.resources, (resource) => resource.uri).all(),
    new Catalog(registry.prompts, (prompt) => prompt.name).all(),
  ]);
  return { tools, resources, prompts, answerShapes };
}
