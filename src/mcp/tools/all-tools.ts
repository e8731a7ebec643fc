// Every MCP tool, one line each, in the order tools/list shows them: its name and how to load its module
// (loaded on first use, see catalog.ts). Add yours here.
import type { Tool } from '../tool.js';
import { lazy, type Declared } from '../catalog.js';
// site_info is where every session starts (its description says so), so it comes with the list: loaded on
// its first call instead, it cost the stdio server's first answer a round of loading of its own, ~2 ms on
// Node 20 and ~1 ms on Node 24, for two small modules.
import { siteInfoTool } from './site-info.js';

export const ALL_TOOLS: readonly Declared<Tool>[] = [
  siteInfoTool,
  lazy('content_list', () => import('./content-list.js').then((m) => m.contentListTool)),
  lazy('content_read', () => import('./content-read.js').then((m) => m.contentReadTool)),
  lazy('content_cards', () => import('./content-cards.js').then((m) => m.contentCardsTool)),
  lazy('content_create', () => import('./content-create.js').then((m) => m.contentCreateTool)),
  lazy('content_update', () => import('./content-update.js').then((m) => m.contentUpdateTool)),
  lazy('content_style', () => import('./content-style.js').then((m) => m.contentStyleTool)),
  lazy('content_publish', () => import('./content-publish.js').then((m) => m.contentPublishTool)),
  lazy('content_unpublish', () => import('./content-unpublish.js').then((m) => m.contentUnpublishTool)),
  lazy('media_upload', () => import('./media-upload.js').then((m) => m.mediaUploadTool)),
  lazy('stats_overview', () => import('./stats-overview.js').then((m) => m.statsOverviewTool)),
  lazy('stats_query', () => import('./stats-query.js').then((m) => m.statsQueryTool)),
  lazy('stats_post', () => import('./stats-post.js').then((m) => m.statsPostTool)),
  lazy('stats_realtime', () => import('./stats-realtime.js').then((m) => m.statsRealtimeTool)),
  lazy('stats_ai_crawlers', () => import('./stats-ai-crawlers.js').then((m) => m.statsAiCrawlersTool)),
  lazy('consent_overview', () => import('./consent-overview.js').then((m) => m.consentOverviewTool)),
];
