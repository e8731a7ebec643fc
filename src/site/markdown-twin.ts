// An entry page's Markdown twin (at its address + `.md`, or at the address itself for a request that prefers
// text/markdown): what an assistant that browses reads far better and cheaper than the themed HTML. A short
// YAML head, the title, then the body with its cards as plain Markdown and every address absolute.
import { readableMarkdown } from '../content/readable-markdown.js';
import { markdownText } from '../content/markdown-text.js';
import { withoutUnsafeTargets } from '../content/unsafe-link-targets.js';
import { isSlug } from '../content/entries/entry-id.js';
import { formatIsoWithOffset } from '../lib/time-zone.js';
import type { Entry, Translation } from '../content/entries/types.js';
import type { EntryRow } from '../content/query.js';
import { listPage, pagedPath } from './entry-list.js';
import type { PageContext } from './page-context.js';

/** The content type of a twin: the body is Markdown whatever it holds, never HTML to run. */
export const MARKDOWN = 'text/markdown; charset=utf-8';

/** The twin's address of a page's path (`/de/hallo` -> `/de/hallo.md`), with its list page beyond the first. */
export function twinPath(path: string, pageNumber = 1): string {
  return pagedPath(`${path}.md`, pageNumber);
}

/**
 * The twin of a published translation's page; for a tag or a page, with its list of posts or child pages
 * (ten a page, as on the HTML page; null past the last page).
 */
export function renderMarkdownTwin(page: PageContext, entry: Entry, translation: Translation, pageNumber = 1): string | null {
  const { site } = page;
  let listing = '';
  if (entry.type.key === 'tag' || entry.type.key === 'page') {
    const query = entry.type.key === 'tag' ? { type: 'post', tag: entry.slug } : { type: 'page', parent: entry.id };
    const found = listPage(page, query, pageNumber);
    if (found === null) return null;
    const heading = entry.type.key === 'tag' ? site.types.find((type) => type.key === 'post')?.label ?? 'Posts' : page.words.text.subpages;
    if (found.rows.length > 0) listing = `\n\n## ${headingText(heading)}\n\n${linkList(site.url, found.rows)}${pagerLines(page, translation.path, pageNumber, found.pages)}`;
  } else if (pageNumber !== 1) {
    return null;
  }
  const body = readableMarkdown(translation.body, site.url);
  return `${twinHead(page, entry, translation)}\n# ${headingText(translation.title)}${body === '' ? '' : `\n\n${body}`}${listing}\n`;
}

/** The YAML head: what the page is, where, in which language, and where its translations are. */
function twinHead(page: PageContext, entry: Entry, translation: Translation): string {
  const { site, store } = page;
  const lines = ['---', `title: ${yamlText(translation.title)}`];
  if (entry.type.key === 'post') lines.push(`date: ${yamlText(formatIsoWithOffset(translation.dateMs, site.timezone))}`);
  lines.push(`url: ${yamlText(site.url + translation.path)}`, `language: ${yamlText(translation.language)}`);
  const excerpt = translation.fields.excerpt;
  if (typeof excerpt === 'string' && excerpt.trim() !== '') lines.push(`description: ${yamlText(excerpt)}`);
  const tagFolder = site.types.find((type) => type.key === 'tag')?.folder;
  const tags = translation.tags.flatMap((slug) => {
    const tag = tagFolder !== undefined && isSlug(slug) ? store.indexed(`${tagFolder}/${slug}`)?.translations.get(translation.language) : undefined;
    return tag?.status === 'published' ? [tag.title] : [];
  });
  if (tags.length > 0) lines.push('tags:', ...tags.map((title) => `  - ${yamlText(title)}`));
  const others = Object.keys(site.languages).flatMap((code) => {
    const other = entry.translations.get(code);
    return code !== translation.language && other?.status === 'published' ? [`  ${code}: ${yamlText(site.url + other.path)}`] : [];
  });
  if (others.length > 0) lines.push('translations:', ...others);
  lines.push('---');
  return lines.join('\n') + '\n';
}

/**
 * Entries as a Markdown list of links to their twins, with their excerpts (llms.txt's shape); `textLength`
 * cuts titles and excerpts, so a list's size is known whatever the entries hold.
 */
export function linkList(base: string, rows: readonly EntryRow[], textLength = Number.POSITIVE_INFINITY): string {
  return rows.map(({ translation }) => {
    const excerpt = translation.fields.excerpt;
    // An excerpt is the page's plain text: no link the page would refuse, no tag (as in the twins' bodies).
    const note = typeof excerpt === 'string' && excerpt.trim() !== '' ? `: ${withoutUnsafeTargets(oneLine(shortened(excerpt, textLength)))}` : '';
    return `- [${linkText(shortened(translation.title, textLength))}](${base}${twinPath(translation.path)})${note}`;
  }).join('\n');
}

function pagerLines(page: PageContext, path: string, pageNumber: number, pages: number): string {
  const { words, site } = page;
  const lines: string[] = [];
  if (pageNumber > 1) lines.push(`[${linkText(words.text.pager_previous)}](${site.url}${twinPath(path, pageNumber - 1)})`);
  if (pageNumber < pages) lines.push(`[${linkText(words.text.pager_next)}](${site.url}${twinPath(path, pageNumber + 1)})`);
  return lines.length > 0 ? `\n\n${lines.join(' · ')}` : '';
}

/** What YAML forbids in a stream (YAML 1.2 §5.1) and JSON.stringify leaves raw: DEL, C1 controls, U+FFFE, U+FFFF. */
const NOT_IN_YAML = /[\u007f-\u009f\ufffe\uffff]/g;

/**
 * A text as a YAML double-quoted scalar: JSON's string is one (YAML 1.2) once what YAML forbids raw is
 * escaped too (`\uXXXX`, read back as the same character). Lone surrogates JSON.stringify escapes itself.
 */
function yamlText(text: string): string {
  return JSON.stringify(text).replace(NOT_IN_YAML, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A title on one line (a heading or a list item ends at a line break). */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/**
 * A heading's text on one line, every character of Markdown's syntax escaped (markdown-text.ts): a title is
 * text, never a link, emphasis or HTML.
 */
function headingText(text: string): string {
  return markdownText(oneLine(text));
}

/** A link's text: a heading's, whose brackets are escaped too, so it stays the link's text. */
const linkText = headingText;

/** At most `length` characters, cut at a word with an ellipsis. */
export function shortened(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
