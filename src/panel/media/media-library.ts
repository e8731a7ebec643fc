// The media library (/svc/panel/media): every entry's media that the person may see, with search by file
// name, entry id or entry title, each linked to the entry it belongs to. Files are listed by walking
// content/media; only the page shown is measured.
import { join } from 'node:path';
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext, Router } from '../../http/router.js';
import { canSeeTranslation } from '../../content/content-rights.js';
import { allMedia, describeMedia, type MediaItem } from '../../content/media-library.js';
import type { Entry } from '../../content/entries/types.js';
import { renderPage } from '../layout.js';
import { sendScriptedPanelPage } from '../panel-script.js';
import { panelActor } from '../panel-principal.js';
import { requirePanelSession } from '../panel-session.js';
import { renderMediaLibrary } from './media-library-view.js';

export const MEDIA_LIBRARY_PATH = '/svc/panel/media';
export const FILES_PER_PAGE = 48;
const MAX_QUERY = 100;

export function registerMediaLibraryRoutes(router: Router, deps: PanelDeps): void {
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
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const matches = allMedia(join(deps.content.contentDir, 'media'), (id) => visible.has(id)).filter(({ entryId, name }) => {
      if (words.length === 0) return true;
      const haystack = `${name} ${entryId} ${titleOf(visible.get(entryId)!)}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    });
    const pages = Math.max(1, Math.ceil(matches.length / FILES_PER_PAGE));
    const pageText = ctx.url.searchParams.get('page') ?? '1';
    const pageNumber = /^[1-9][0-9]{0,5}$/.test(pageText) ? Math.min(Number(pageText), pages) : 1;
    const shown = matches.slice((pageNumber - 1) * FILES_PER_PAGE, pageNumber * FILES_PER_PAGE)
      .map(({ entryId, name }) => describeMedia(join(deps.content.contentDir, 'media'), entryId, name))
      .filter((item): item is MediaItem => item !== null)
      .map((item) => ({ item, entryTitle: titleOf(visible.get(item.entryId)!) }));
    const body = renderMediaLibrary({ query, files: shown, total: matches.length, page: pageNumber, pages });
    sendScriptedPanelPage(ctx, 200, renderPage({ title: 'Media', viewer: session, active: 'media', body, script: true }));
  });
}
