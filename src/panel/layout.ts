import type { RequestContext } from '../http/router.js';
import { sendHtml, type Headers } from '../http/respond.js';
import type { Capability } from '../auth/principal.js';
import { esc } from './html.js';
import { PANEL_CSS_PATH } from './stylesheet.js';
import type { SiteHeader } from './site-header.js';
import { markChosenScheme, renderSchemeSwitch, schemeOf, withScheme } from './colour-scheme.js';
import { FAVICON_PATH } from './favicon.js';
import { words } from './words/panel-words.js';
import type { ENGLISH_PANEL_WORDS } from './words/en.js';

type NavKey = keyof typeof ENGLISH_PANEL_WORDS['common']['nav'];

/** A link in the panel's top bar, shown to people holding `capability` (or everyone signed in). */
export interface PanelNavItem {
  key: NavKey;
  href: string;
  capability?: Capability;
}

// Other panel pages add their line here (approvals, statistics, ...).
export const PANEL_NAV: PanelNavItem[] = [
  { key: 'content', href: '/svc/panel/entries', capability: 'content.write' },
  { key: 'media', href: '/svc/panel/media', capability: 'content.write' },
  { key: 'assistants', href: '/svc/panel/assistants', capability: 'assistants.use' },
  { key: 'approvals', href: '/svc/panel/approvals', capability: 'content.publish' },
  { key: 'trash', href: '/svc/panel/trash', capability: 'content.write' },
  { key: 'history', href: '/svc/panel/history', capability: 'content.write' },
  { key: 'stats', href: '/svc/panel/stats', capability: 'stats.view' },
  { key: 'team', href: '/svc/panel/team', capability: 'team.manage' },
  { key: 'settings', href: '/svc/panel/settings', capability: 'settings.manage' },
  { key: 'check', href: '/svc/panel/check', capability: 'settings.manage' },
  { key: 'webhooks', href: '/svc/panel/webhooks', capability: 'settings.manage' },
  { key: 'account', href: '/svc/panel/account' },
];

/** What the layout needs to know about the signed-in person (a PanelSession fits). */
export interface LayoutViewer {
  name: string;
  csrf: string;
  capabilities: ReadonlySet<Capability>;
  /** The site's name and public address; the top bar names it and links View site. */
  site?: SiteHeader | null;
}

export type PanelNotice = { kind: 'ok' | 'error' | 'warn'; text: string };

/** The panel's one script (panel-script.ts); pages that load it are sent with a CSP allowing it. */
export const PANEL_SCRIPT_PATH = '/svc/panel/panel.js';

export interface PageOptions {
  title: string;
  /** The page's own markup, already escaped where needed. */
  body: string;
  /** The signed-in person; without one the top bar shows no navigation. */
  viewer?: LayoutViewer | null;
  /** The PANEL_NAV key of the current page. */
  active?: string;
  notice?: PanelNotice | null;
  /** A wider page (the entry page: the text beside its live preview). */
  wide?: boolean;
  /** Loads the panel's script; send the page with sendScriptedPanelPage. Every page works without it. */
  script?: boolean;
}

/** A whole panel page: top bar (navigation, who is signed in, sign-out), notice, body. */
export function renderPage(options: PageOptions): string {
  const viewer = options.viewer ?? null;
  const w = words();
  const nav = viewer
    ? PANEL_NAV.filter((item) => !item.capability || viewer.capabilities.has(item.capability))
        .map((item) => `<a href="${esc(item.href)}"${item.key === options.active ? ' aria-current="page"' : ''}>${esc(w.common.nav[item.key])}</a>`)
        .join('')
    : '';
  const account = viewer
    ? `${renderSchemeSwitch(viewer.csrf)}<span class="who">${esc(viewer.name)}</span><form method="post" action="/svc/panel/sign-out"><input type="hidden" name="csrf" value="${esc(viewer.csrf)}"><button class="link" type="submit">${esc(w.common.signOut)}</button></form>`
    : '';
  const site = viewer?.site ?? null;
  const brand = site
    ? `<a class="brand" href="/svc/panel/">${esc(site.title)} <span class="muted">${esc(w.common.panel)}</span></a><a class="view-site" href="${esc(site.home)}">${esc(w.common.viewSite)}</a>`
    : `<a class="brand" href="/svc/panel/">${esc(w.common.svcPanel)}</a>`;
  const notice = options.notice ? `<p class="notice ${options.notice.kind}" role="${options.notice.kind === 'error' ? 'alert' : 'status'}">${esc(options.notice.text)}</p>` : '';
  return `<!doctype html>
<html lang="${esc(w.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="same-origin">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
<title>${esc(options.title)} · ${esc(w.common.svcPanel)}</title>
<link rel="stylesheet" href="${PANEL_CSS_PATH}">${options.script ? `\n<script src="${PANEL_SCRIPT_PATH}" defer></script>` : ''}
</head>
<body>
<header class="top">${brand}${nav ? `<nav aria-label="${esc(w.common.navLabel)}">${nav}</nav>` : ''}${account}</header>
<main${options.wide ? ' class="wide"' : ''}>
${notice}${options.body}
</main>
</body>
</html>
`;
}

export const PANEL_CSP = "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'";

/**
 * Sends a panel page with the headers every panel page needs: never cached (pages may show a token once),
 * never framed, no scripts. `form-action` is left open on purpose: OAuth consent redirects to the client.
 */
export function sendPanelPage(ctx: RequestContext, status: number, html: string, headers: Headers = {}): void {
  // The colour scheme chosen in this browser is on the page as sent (colour-scheme.ts): no flash of the other.
  const scheme = schemeOf(ctx);
  sendHtml(ctx.res, status, markChosenScheme(withScheme(html, scheme), scheme), {
    'cache-control': 'private, no-store',
    'content-security-policy': PANEL_CSP,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    ...headers,
  });
}

/** A short page with a heading and one sentence, e.g. for 403 and 404 answers in the panel. */
export function sendPanelMessage(ctx: RequestContext, status: number, title: string, text: string, viewer?: LayoutViewer | null): void {
  sendPanelPage(ctx, status, renderPage({ title, viewer: viewer ?? null, body: `<h1>${esc(title)}</h1><div class="card"><p>${esc(text)}</p><p><a href="/svc/panel/">${esc(words().common.backToPanel)}</a></p></div>` }));
}
