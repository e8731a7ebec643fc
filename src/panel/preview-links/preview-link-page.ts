// What a preview link opens, for anyone holding it and without signing in: the translation's page drawn by
// the public site's renderer (handed in by the composition root), and the entry's media below the link's
// address. Every answer is private to its reader and never stored (`private, no-store`, no cache tags: the
// panel's prefix is passed by the shipped Varnish and nginx configurations anyway), never indexed, and sends
// no Referer onwards, so the link does not leak through the page's own links. A link stops at once when it
// is revoked, ends, or its entry or translation is deleted, and when the person who made it may no longer
// read the translation (removed from the team, or their role changed).
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext, Router } from '../../http/router.js';
import { sendHtml } from '../../http/respond.js';
import type { Principal } from '../../auth/principal.js';
import { canSeeTranslation } from '../../content/content-rights.js';
import type { Entry, Translation } from '../../content/entries/types.js';
import { PREVIEW_LINK_PATH, previewLinkAddress, type PreviewLink, type SharedPreview } from '../../content/write/preview-links.js';
import { esc } from '../html.js';
import { siteTimeOf } from '../site-time.js';
import { previewLinksOf, showsText } from '../entries/entry-share.js';
import { words } from '../words/panel-words.js';

export interface PreviewLinkRenderers {
  page: (preview: SharedPreview) => string | null;
  /** Sends `content/media/<entry id>/<file>` (site/media-files.ts) with this Cache-Control. */
  media: (ctx: RequestContext, entryId: string, file: string, cacheControl: string) => void;
}

export const PRIVATE_HEADERS = {
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};
const PAGE_HEADERS = {
  ...PRIVATE_HEADERS,
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; media-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
};

/** Why a link does not open: made elsewhere (or mangled), or ended. */
type Refusal = 'forged' | 'ended';

/** The refusal in the words of the browser's language (whoever holds the link is not signed in). */
function sendRefusal(ctx: RequestContext, status: number, why: Refusal): void {
  const w = words();
  const title = esc(w.preview.linkTitle);
  const html = `<!doctype html><html lang="${esc(w.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${title}</title></head><body><main><h1>${title}</h1><p>${esc(w.preview[why])}</p></main></body></html>`;
  sendHtml(ctx.res, status, html, PAGE_HEADERS);
}

export function registerPreviewLinkPages(router: Router, deps: PanelDeps, renderers: PreviewLinkRenderers): void {
  const links = previewLinksOf(deps);

  /** The link, its translation and who shared it, or null after a refusal page. */
  const opened = (ctx: RequestContext): { link: PreviewLink; entry: Entry; translation: Translation; sharedBy: string } | null => {
    const opening = links.open(ctx.params.token ?? '');
    if (!opening.ok) {
      sendRefusal(ctx, opening.why === 'forged' ? 404 : 410, opening.why === 'forged' ? 'forged' : 'ended');
      return null;
    }
    const { link } = opening;
    const entry = deps.content.entry(link.entry);
    const translation = entry?.translations.get(link.language);
    const maker = deps.auth.accounts.get(link.createdBy);
    if (!entry || !translation || !maker || !canSeeTranslation(makerPrincipal(maker.id, maker.role, deps.auth.capabilitiesOf(maker)), entry, translation)) {
      sendRefusal(ctx, 410, 'ended');
      return null;
    }
    return { link, entry, translation, sharedBy: maker.name };
  };

  router.get(`${PREVIEW_LINK_PATH}/:token`, (ctx) => {
    const found = opened(ctx);
    if (!found) return;
    const { link, entry, translation, sharedBy } = found;
    const timeZone = deps.content.site().timezone;
    const html = renderers.page({
      entry, translation, sharedBy,
      until: `${siteTimeOf(link.expires, timeZone)} (${timeZone})`,
      address: previewLinkAddress(deps.config.baseUrl, ctx.params.token ?? ''),
      ...(link.shows === 'pinned' && link.text !== null ? { pinned: { text: link.text, style: link.style, label: showsText(link, timeZone) } } : {}),
    });
    if (html === null) return sendRefusal(ctx, 410, 'ended');
    sendHtml(ctx.res, 200, html, PAGE_HEADERS);
  });

  router.get(`${PREVIEW_LINK_PATH}/:token/media/:file`, (ctx) => {
    const found = opened(ctx);
    if (found) renderers.media(ctx, found.entry.id, ctx.params.file ?? '', PRIVATE_HEADERS['cache-control']);
  });
}

/** The maker seen as the content rules see people: their role's rights now, no token. */
function makerPrincipal(accountId: string, role: string, capabilities: Principal['capabilities']): Principal {
  return { accountId, name: '', email: '', role, capabilities, grantedScopes: [], scopes: new Set(), tokenName: '', tokenId: '' };
}
