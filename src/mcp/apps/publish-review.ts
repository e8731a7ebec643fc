// What the publish review view shows beside content_publish's answer (`_meta["svc/review"]`): the diff of
// the translation's text against the text that was public before (content/last-published.ts: the newest
// kept version that was live; none when it never was), its card warnings, and in approval mode where in the
// panel a person approves it. Read from the files after the tool ran; nothing is written.
import { findCardWarnings } from '../../content/cards.js';
import { parseFrontMatter } from '../../content/entries/front-matter.js';
import { lastPublishedVersion } from '../../content/last-published.js';
import { diffRevision, type RevisionDiff } from '../../content/revision-diff.js';
import { diffText } from '../../lib/diff/text-diff.js';
import { readTextNoFollow } from '../../lib/no-follow.js';
import type { McpContext } from '../context.js';
import type { CallToolResult } from '../tool-call.js';

export const APPROVALS_PANEL_PATH = '/svc/panel/approvals';

export interface ReviewData {
  id: string;
  language: string;
  title: string;
  /** No version of this translation was ever public: all of its text is new. */
  first_publication: boolean;
  diff: RevisionDiff;
  card_warnings: ReturnType<typeof findCardWarnings>;
  /** In approval mode: the request's state (`requested`, `scheduled <time>`) and the panel page that lists it. */
  approval: { review: string; panel_url: string } | null;
}

export function publishReview(context: McpContext, args: Record<string, unknown>, result: CallToolResult): ReviewData | null {
  const answer = result.structuredContent;
  if (result.isError || !answer || typeof answer.id !== 'string') return null;
  const store = context.deps.content;
  const site = store.site();
  const language = typeof args.language === 'string' ? args.language : site.defaultLanguage;
  const translation = store.entry(answer.id)?.translations.get(language);
  if (!translation) return null;
  let text: string;
  let body: string;
  try {
    text = readTextNoFollow(store.trustedFolders, translation.file);
    body = parseFrontMatter(text).body;
  } catch {
    return null;
  }
  const already = answer.status === 'published' && typeof answer.note === 'string';
  const before = already ? { text } : lastPublishedVersion(context.deps.trustedFolders, context.deps.config.dataDir, answer.id, language, site.timezone);
  return {
    id: answer.id,
    language,
    title: translation.title,
    first_publication: before === null,
    diff: before === null ? { fields: [], body: diffText('', body), unreadable: false } : diffRevision(before.text, text),
    card_warnings: findCardWarnings(store, body, language),
    approval: answer.status === 'waiting_for_approval'
      ? { review: typeof answer.review === 'string' ? answer.review : 'requested', panel_url: `${context.deps.config.baseUrl}${APPROVALS_PANEL_PATH}` }
      : null,
  };
}
