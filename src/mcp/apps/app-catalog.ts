// MCP Apps for clients that declared the extension (apps-extension.ts): three views as ui:// resources,
// each one self-contained HTML document whose address carries the hash of its text, and the tools linked
// to them through `_meta.ui.resourceUri` (SEP-1865 "Resource Discovery"). The views call nothing but
// resources/read of an entry preview through the host, under the token's own rights like any request.
import { ErrorCodes, RpcError } from '../../jsonrpc/messages.js';
import { withJsonText } from '../../jsonrpc/serialize.js';
import { RESOURCE_NOT_FOUND } from '../mcp-methods.js';
import type { McpContext } from '../context.js';
import type { CallToolResult } from '../tool-call.js';
import { APP_MIME_TYPE, type ListedTool, type McpApps } from '../apps-extension.js';
import type { AppDocument } from './app-document.js';
import { EntryPreviews, type PageRenderer, type ReadAnswer } from './entry-previews.js';
import { entryPreviewApp, PREVIEW_META_KEY } from './entry-preview-app.js';
import { publishReview } from './publish-review.js';
import { publishReviewApp, REVIEW_META_KEY } from './publish-review-app.js';
import { statisticsApp } from './statistics-app.js';

/**
 * Nothing outside: no connection, no image, script, style or font from any address, no frame, no base
 * (the spec's McpUiResourceCsp, every list empty). The host builds the view's CSP from this.
 */
export const APP_CSP = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] } as const;

interface View {
  key: 'entry-preview' | 'publish-review' | 'statistics';
  title: string;
  description: string;
  document: AppDocument;
}

const VIEWS: readonly View[] = [
  { key: 'entry-preview', title: 'Entry preview', description: 'An entry as its public page shows it: the theme, its style.css, its cover and images.', document: entryPreviewApp },
  { key: 'publish-review', title: 'Publish review', description: 'What publishing changed against the public text, the card warnings, and in approval mode the request and the way to the panel.', document: publishReviewApp },
  { key: 'statistics', title: 'Statistics', description: 'The figures, a chart and the top tables of a statistics answer.', document: statisticsApp },
];

/** Each view's address: its key and the hash of its document, so hosts that keep views by address see a new one. */
export function viewUri(view: View): string {
  return `ui://svc/${view.key}-${view.document.hash}.html`;
}

/** Which tool's answers each view draws. */
const TOOL_VIEWS: Record<string, View['key']> = {
  content_read: 'entry-preview',
  content_create: 'entry-preview',
  content_update: 'entry-preview',
  content_style: 'entry-preview',
  media_upload: 'entry-preview',
  content_publish: 'publish-review',
  stats_overview: 'statistics',
  stats_query: 'statistics',
  stats_post: 'statistics',
};

/** A view's resources/read answer with its JSON text made once: a read sends it without serializing again. */
function readAnswer(uri: string, text: string): ReadAnswer {
  const answer = { contents: [{ uri, mimeType: APP_MIME_TYPE, text, _meta: { ui: { csp: APP_CSP, prefersBorder: true } } }] };
  return withJsonText(answer, JSON.stringify(answer));
}

export function createMcpApps(renderPage: PageRenderer): McpApps {
  const previews = new EntryPreviews(renderPage, readAnswer);
  const answers = new Map(VIEWS.map((view) => [viewUri(view), readAnswer(viewUri(view), view.document.html)]));
  const uriOf = Object.fromEntries(VIEWS.map((view) => [view.key, viewUri(view)]));

  const withMeta = (result: CallToolResult, key: string, value: unknown): CallToolResult =>
    value === null ? result : { ...result, _meta: { ...(result._meta as Record<string, unknown> | undefined), [key]: value } };

  return {
    linkTools: (tools: ListedTool[]) => tools.map((tool) => {
      const view = TOOL_VIEWS[tool.name];
      return view ? { ...tool, _meta: { ui: { resourceUri: uriOf[view] } } } : tool;
    }),

    dressResult: (tool: string, args: Record<string, unknown>, result: CallToolResult, context: McpContext): CallToolResult => {
      const view = TOOL_VIEWS[tool];
      if (result.isError || view === undefined || view === 'statistics') return result;
      if (view === 'publish-review') return withMeta(result, REVIEW_META_KEY, publishReview(context, args, result));
      const answer = result.structuredContent ?? {};
      const id = typeof answer.id === 'string' ? answer.id : args.id;
      const language = typeof answer.language === 'string' ? answer.language : args.language;
      return withMeta(result, PREVIEW_META_KEY, previews.linkFor(context, id, language));
    },

    listViews: () => VIEWS.map((view) => ({ uri: viewUri(view), name: `svc-${view.key}`, title: view.title, description: view.description, mimeType: APP_MIME_TYPE })),

    read: (uri: string, context: McpContext) => {
      const answer = answers.get(uri);
      if (answer) return answer;
      if (EntryPreviews.owns(uri)) return previews.read(uri, context);
      const known = VIEWS.find((candidate) => uri.startsWith(`ui://svc/${candidate.key}-`));
      if (known) throw new RpcError(ErrorCodes.invalidParams, `${uri.slice(0, 200)} is an older version of the ${known.title} view; the current one is ${viewUri(known)} (tools/list names it).`, { uri: uri.slice(0, 200) });
      throw new RpcError(RESOURCE_NOT_FOUND, `Resource not found: ${uri.slice(0, 200)}. The app views are named by the tools in tools/list (_meta.ui.resourceUri).`, { uri: uri.slice(0, 200) });
    },
  };
}
