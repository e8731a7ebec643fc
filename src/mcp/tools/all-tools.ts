// Every MCP tool, one line each, in the order tools/list shows them. Add yours here.
import type { Tool } from '../tool.js';
import { siteInfoTool } from './site-info.js';
import { contentListTool } from './content-list.js';
import { contentReadTool } from './content-read.js';
import { contentCardsTool } from './content-cards.js';
import { contentCreateTool } from './content-create.js';
import { contentUpdateTool } from './content-update.js';
import { contentStyleTool } from './content-style.js';
import { contentPublishTool } from './content-publish.js';
import { contentUnpublishTool } from './content-unpublish.js';
import { mediaUploadTool } from './media-upload.js';
import { statsOverviewTool } from './stats-overview.js';
import { statsQueryTool } from './stats-query.js';
import { statsPostTool } from './stats-post.js';
import { statsRealtimeTool } from './stats-realtime.js';
import { statsAiCrawlersTool } from './stats-ai-crawlers.js';
import { consentOverviewTool } from './consent-overview.js';

export const ALL_TOOLS: readonly Tool[] = [
  siteInfoTool,
  contentListTool,
  contentReadTool,
  contentCardsTool,
  contentCreateTool,
  contentUpdateTool,
  contentStyleTool,
  contentPublishTool,
  contentUnpublishTool,
  mediaUploadTool,
  statsOverviewTool,
  statsQueryTool,
  statsPostTool,
  statsRealtimeTool,
  statsAiCrawlersTool,
  consentOverviewTool,
];
