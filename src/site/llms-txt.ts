// /llms.txt (llmstxt.org): the site's title and summary, then per type and language its newest entries as
// links to their Markdown twins with their excerpts; on a large site only the newest few per list, with a
// link to the whole list in pages, so the file stays small at 100,000 posts. /llms-full.txt gives the
// newest entries' whole Markdown, in pages of a stated size.
import type { ContentType } from '../content/entries/types.js';
import type { IndexedRow, SortedRows } from '../content/list-engine/list-engine.js';
import { linkList, renderMarkdownTwin, twinPath } from './markdown-twin.js';
import type { PageContext } from './page-context.js';

/** Entries named in /llms.txt in all (shared out among the lists), which keeps it under 100 KB. */
export const LLMS_TXT_ENTRIES = 240;
/** Each list shows at least this many of its newest in /llms.txt, at most this many. */
const FEWEST_PER_LIST = 10;
const MOST_PER_LIST = 100;
/** Titles and excerpts in the lists are cut to this many characters. */
const EXCERPT_LENGTH = 160;
/** Entries per page of a list (/llms/<language>/<type>.txt). */
export const LIST_PAGE_ENTRIES = 500;
/** Entries per page of /llms-full.txt, and the most of one entry's text it holds. */
export const FULL_PAGE_ENTRIES = 40;
export const FULL_ENTRY_CHARACTERS = 20_000;

/** One list of llms.txt: a type in a language, its published entries newest first. */
interface LlmsList {
  type: ContentType;
  language: string;
  rows: SortedRows;
}

/** The lists with entries, in site.yaml's order of languages, then of types. */
function llmsLists(page: PageContext): LlmsList[] {
  const { site, store } = page;
  const lists: LlmsList[] = [];
  for (const language of Object.keys(site.languages)) {
    for (const type of site.types) {
      const rows = store.lists().list(type.key, language, 'published');
      if (rows.length > 0) lists.push({ type, language, rows });
    }
  }
  return lists;
}

/** A list's name: the type's label, and the language's name beside it where the site has several. */
function listTitle(page: PageContext, list: LlmsList): string {
  const languages = Object.keys(page.site.languages);
  return languages.length > 1 ? `${list.type.label} (${page.site.languages[list.language] ?? list.language})` : list.type.label;
}

export function listPath(language: string, type: string, pageNumber = 1): string {
  return `/llms/${language}/${type}.txt${pageNumber > 1 ? `?page=${pageNumber}` : ''}`;
}

/** The head every file starts with: the site's title as H1, its description as the summary. */
function head(page: PageContext, title = page.site.title): string {
  const description = page.site.description.replace(/\s+/g, ' ').trim();
  return `# ${oneLine(title)}\n${description === '' ? '' : `\n> ${description}\n`}`;
}

/** `/llms.txt`. */
export function renderLlmsTxt(page: PageContext): string {
  const { site } = page;
  const lists = llmsLists(page);
  const perList = Math.max(FEWEST_PER_LIST, Math.min(MOST_PER_LIST, Math.floor(LLMS_TXT_ENTRIES / Math.max(1, lists.length))));
  const sections = lists.map((list) => {
    const shown = sliceRows(list.rows, 0, perList);
    const more = list.rows.length > shown.length
      ? `\n- [All ${list.rows.length} of them, newest first, ${LIST_PAGE_ENTRIES} a page](${site.url}${listPath(list.language, list.type.key)})`
      : '';
    return `## ${oneLine(listTitle(page, list))}\n\n${linkList(site.url, shown, EXCERPT_LENGTH)}${more}\n`;
  });
  const about = `Every entry below is linked to its Markdown version (its address + \`.md\`; its own address answers Markdown too when asked for \`text/markdown\`). The whole text of the newest entries is in [llms-full.txt](${site.url}/llms-full.txt).\n`;
  return [head(page), about, ...sections].join('\n');
}

/** `/llms/<language>/<type>.txt?page=N`: one list in pages; null when there is no such list or page. */
export function renderLlmsList(page: PageContext, typeKey: string, pageNumber: number): string | null {
  const list = llmsLists(page).find((candidate) => candidate.type.key === typeKey && candidate.language === page.language);
  if (!list) return null;
  const pages = Math.ceil(list.rows.length / LIST_PAGE_ENTRIES);
  if (pageNumber > pages) return null;
  const rows = sliceRows(list.rows, (pageNumber - 1) * LIST_PAGE_ENTRIES, LIST_PAGE_ENTRIES);
  const summary = `Page ${pageNumber} of ${pages}: ${list.rows.length === 1 ? 'one entry' : `${list.rows.length} entries, newest first`}, ${LIST_PAGE_ENTRIES} a page.`;
  return `${head(page, `${page.site.title}: ${listTitle(page, list)}`)}\n${summary}\n\n${linkList(page.site.url, rows, EXCERPT_LENGTH)}\n${pagerLinks(page, (n) => listPath(list.language, list.type.key, n), pageNumber, pages)}`;
}

/**
 * `/llms-full.txt?page=N`: the Markdown twins of the newest entries of every type but tags, in every
 * language, newest first, FULL_PAGE_ENTRIES a page, each cut at FULL_ENTRY_CHARACTERS (with a link to the
 * whole); null past the last page.
 */
export function renderLlmsFull(page: PageContext, pageNumber: number, context: (language: string) => PageContext): string | null {
  const lists = llmsLists(page).filter((list) => list.type.key !== 'tag');
  const total = lists.reduce((sum, list) => sum + list.rows.length, 0);
  const pages = Math.max(1, Math.ceil(total / FULL_PAGE_ENTRIES));
  if (pageNumber > pages) return null;
  const rows = newestAcross(lists, (pageNumber - 1) * FULL_PAGE_ENTRIES, FULL_PAGE_ENTRIES);
  const texts = rows.map(({ entry, translation }) => {
    const twin = renderMarkdownTwin(context(translation.language), entry, translation) ?? '';
    return cut(twin, FULL_ENTRY_CHARACTERS, page.site.url + twinPath(translation.path));
  });
  const summary = `The whole Markdown of the site's entries, newest first: ${total} in all, ${FULL_PAGE_ENTRIES} a page (this is page ${pageNumber} of ${pages}); a text longer than ${FULL_ENTRY_CHARACTERS.toLocaleString('en')} characters is cut, with a link to the whole. Each entry starts with its YAML head.`;
  return `${head(page)}\n${summary}\n\n${texts.join('\n')}${pagerLinks(page, (n) => `/llms-full.txt${n > 1 ? `?page=${n}` : ''}`, pageNumber, pages)}`;
}

/** The rows at `offset`, `count` of them, of several lists merged newest first. */
function newestAcross(lists: LlmsList[], offset: number, count: number): IndexedRow[] {
  const at = lists.map(() => 0);
  const taken: IndexedRow[] = [];
  for (let index = 0; index < offset + count; index++) {
    let newest = -1;
    for (let list = 0; list < lists.length; list++) {
      const row = at[list]! < lists[list]!.rows.length ? lists[list]!.rows.at(at[list]!) : undefined;
      if (row && (newest < 0 || row.translation.dateMs > lists[newest]!.rows.at(at[newest]!).translation.dateMs)) newest = list;
    }
    if (newest < 0) break;
    if (index >= offset) taken.push(lists[newest]!.rows.at(at[newest]!));
    at[newest]!++;
  }
  return taken;
}

function sliceRows(rows: LlmsList['rows'], offset: number, count: number): IndexedRow[] {
  const taken: IndexedRow[] = [];
  for (let at = offset; at < Math.min(rows.length, offset + count); at++) taken.push(rows.at(at));
  return taken;
}

/** A text of at most `length` characters, cut at a paragraph, with a link to where the whole is. */
function cut(text: string, length: number, whole: string): string {
  if (text.length <= length) return text;
  const paragraph = text.lastIndexOf('\n\n', length);
  return `${text.slice(0, paragraph > length / 2 ? paragraph : length).trimEnd()}\n\n[The rest of this text](${whole})\n`;
}

function pagerLinks(page: PageContext, path: (pageNumber: number) => string, pageNumber: number, pages: number): string {
  const links: string[] = [];
  if (pageNumber > 1) links.push(`[Previous page](${page.site.url}${path(pageNumber - 1)})`);
  if (pageNumber < pages) links.push(`[Next page](${page.site.url}${path(pageNumber + 1)})`);
  return links.length > 0 ? `\n${links.join(' · ')}\n` : '';
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
