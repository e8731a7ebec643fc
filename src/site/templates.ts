import { escapeAttr, escapeHtml } from '../lib/html-escape.js';
import type { SiteConfig } from '../content/types.js';
import { SITE_CSS } from './site-css.js';
import { CONSENT_CSS } from './consent-banner-html.js';

/** What other areas add to every public page. */
export interface PageExtras {
  headExtra?: string;
  bodyEnd?: string;
}

export interface PageParts {
  site: SiteConfig;
  language: string;
  title: string;
  /** Trusted HTML for inside <main>. */
  main: string;
  /** The entry's cleaned CSS, already scoped to <main>. */
  entryCss?: string;
  /** Language code -> path of the same page in that language. */
  alternates?: Record<string, string>;
  nav: { path: string; title: string }[];
  /** Trusted HTML added at the end of <head> (the statistics beacon). */
  headExtra?: string;
  /** Trusted HTML at the end of <body> (the consent banner). */
  bodyEnd?: string;
  description?: string;
}

/** The public page layout of the default theme. */
export function renderPage(parts: PageParts): string {
  const { site, language } = parts;
  const home = language === site.defaultLanguage ? '/' : `/${language}`;
  const alternates = Object.entries(parts.alternates ?? {});
  const alternateLinks = alternates.map(([code, path]) => `<link rel="alternate" hreflang="${escapeAttr(code)}" href="${escapeAttr(site.url + path)}">`).join('');
  const languageLinks = alternates.length > 1
    ? `<nav class="langs" aria-label="Languages">${alternates.map(([code, path]) => `<a href="${escapeAttr(path)}" hreflang="${escapeAttr(code)}"${code === language ? ' aria-current="page"' : ''}>${escapeHtml(code.toUpperCase())}</a>`).join(' ')}</nav>`
    : '';
  const title = parts.title === site.title ? site.title : `${parts.title} – ${site.title}`;
  // The entry's CSS has been through the cleaner: it cannot close this element or load other sites.
  const entryStyle = parts.entryCss ? `<style id="entry-style">${parts.entryCss}</style>` : '';
  return `<!doctype html>
<html lang="${escapeAttr(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeAttr(parts.description ?? site.description)}">
${alternateLinks}<link rel="alternate" type="application/atom+xml" title="${escapeAttr(site.title)}" href="${language === site.defaultLanguage ? '/feed.xml' : `/${escapeAttr(language)}/feed.xml`}">
<style>${SITE_CSS}${parts.bodyEnd ? CONSENT_CSS : ''}</style>${entryStyle}${parts.headExtra ?? ''}
</head>
<body>
<header class="site"><a class="brand" href="${escapeAttr(home)}">${escapeHtml(site.title)}</a><nav aria-label="Pages">${parts.nav.map((item) => `<a href="${escapeAttr(item.path)}">${escapeHtml(item.title)}</a>`).join('')}</nav>${languageLinks}</header>
<main>
${parts.main}
</main>
<footer class="site"><span>${escapeHtml(site.description)}</span></footer>
${parts.bodyEnd ?? ''}
</body>
</html>`;
}
