// The media library (/svc/panel/media): every entry's media that the person may see, one item per picture
// (its width variants inside), with search by file name, entry id or entry title, each linked to the entry it
// belongs to and to where it is used. Files are listed by walking content/media; only the page shown is
// measured.
import { join } from 'node:path';
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext, Router } from '../../http/router.js';
import { canEditEntry, canSeeTranslation } from '../../content/content-rights.js';
import { readAltTexts } from '../../content/media-alt.js';
import { mediaUsesOf } from '../../content/media-uses.js';
import { allMedia, describeMedia, type MediaItem } from '../../content/media-library.js';
import type { Entry } from '../../content/entries/types.js';
import { renderPage } from '../layout.js';
import { sendScriptedPanelPage } from '../panel-script.js';
import { panelActor } from '../panel-principal.js';
import { requirePanelSession } from '../panel-session.js';
import { renderMediaLibrary } from './media-library-view.js';
import { registerMediaActions } from './media-actions.js';
import { words, type PanelWords } from '../words/panel-words.js';

export const MEDIA_LIBRARY_PATH = '/svc/panel/media';
export const FILES_PER_PAGE = 48;
const MAX_QUERY = 100;
/** What a redirect back to the library may announce: fixed sentences only, in the page's words. */
const DONE: Record<string, (w: PanelWords['media']['done']) => string> = {
  'alt-saved': (w) => w.altSaved,
  replaced: (w) => w.replaced,
};

export function registerMediaLibraryRoutes(router: Router, deps: PanelDeps): void {
  registerMediaActions(router, deps);
  router.get(MEDIA_LIBRARY_PATH, (ctx: RequestContext) => {
    const session = requirePanelSession(ctx, deps, 'content.write');
    if (!session) return;
    const principal = panelActor(session).principal;
    const site = deps.content.site();
    const visible = new Map<string, Entry>();
    for (const entry of deps.content.entries()) {
      if ([...entry.translations.values()].some((t) => canSeeTranslation(principal, entry, t))) visible.set(entry.id, entry);
    }
    const titleOf = (entry: Entry) => (entry.translations.get(site.defaultLanguage) ?? entry.translations.values().next().value)?.title ?? entry.id;
    const query = (ctx.url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY);
    const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
    const matches = allMedia(deps.trustedFolders, join(deps.content.contentDir, 'media'), (id) => visible.has(id)).filter(({ entryId, name }) => {
      if (terms.length === 0) return true;
      const haystack = `${name} ${entryId} ${titleOf(visible.get(entryId)!)}`.toLowerCase();
      return terms.every((term) => haystack.includes(term));
    });
    const pages = Math.max(1, Math.ceil(matches.length / FILES_PER_PAGE));
    const pageText = ctx.url.searchParams.get('page') ?? '1';
    const pageNumber = /^[1-9][0-9]{0,5}$/.test(pageText) ? Math.min(Number(pageText), pages) : 1;
    const mediaRoot = join(deps.content.contentDir, 'media');
    const alts = new Map<string, Record<string, string>>();
    const altsOf = (entryId: string) => alts.get(entryId) ?? alts.set(entryId, readAltTexts(deps.trustedFolders, deps.content.mediaDir(entryId))).get(entryId)!;
    const items = matches.slice((pageNumber - 1) * FILES_PER_PAGE, pageNumber * FILES_PER_PAGE)
      .map(({ entryId, name, variants }) => describeMedia(deps.trustedFolders, mediaRoot, entryId, name, { alt: altsOf(entryId)[name] ?? '', variants }))
      .filter((item): item is MediaItem => item !== null);
    // Where each shown picture is used: one look at every entry for the page's few references.
    const uses = mediaUsesOf(deps.content.entries(), items.map((item) => item.reference));
    const shown = items.map((item) => {
      const entry = visible.get(item.entryId)!;
      // Uses in entries this person may not see are counted, never named.
      const all = uses.get(item.reference) ?? [];
      const seen = all.filter((use) => visible.has(use.entry));
      return { item, entryTitle: titleOf(entry), uses: seen, hiddenUses: all.length - seen.length, edit: canEditEntry(principal, entry, undefined).allowed };
    });
    const doneKey = ctx.url.searchParams.get('done') ?? '';
    const done = Object.hasOwn(DONE, doneKey) ? DONE[doneKey]!(words().media.done) : undefined;
    const body = renderMediaLibrary({ csrf: session.csrf, query, files: shown, total: matches.length, page: pageNumber, pages });
    sendScriptedPanelPage(ctx, 200, renderPage({ title: words().media.title, viewer: session, active: 'media', body, script: true, notice: done ? { kind: 'ok', text: done } : null }));
  });
}
