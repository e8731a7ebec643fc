import { escapeAttr, escapeHtml } from '../lib/html-escape.js';
import type { SiteConfig } from '../content/entries/types.js';
import type { BannerFacts } from '../stats/consent-banner.js';
import { SITE_CSS } from './site-css.js';
import { CONSENT_CSS, consentBoxHtml, consentLinkHtml, consentScriptHtml } from './consent-banner-html.js';
import { headTags, type PageMeta } from './head-tags.js';
import type { SiteWords } from './site-words.js';

/** What other areas add to every public page. */
export interface PageExtras {
  /** Trusted HTML added at the end of <head> (the statistics beacon). */
  headExtra?: string;
  /** What the consent banner must offer (it is drawn in the page's language). */
  consent?: BannerFacts;
  /** Trusted HTML at the end of <body>, outside <main> (the panel's preview bar). */
  bodyEnd?: string;
}

export interface PageParts extends PageExtras {
  site: SiteConfig;
  language: string;
  words: SiteWords;
  /** Trusted HTML for inside <main>. */
  main: string;
  /** The entry's cleaned CSS, already scoped to <main>. */
  entryCss?: string;
  /** The services the page's own text embeds (a translation's `embeds` mask): the consent banner opens for them. */
  embeds?: number;
  nav: { path: string; title: string }[];
  /** Title, description, addresses and image for the head (the title as the page names itself). */
  meta: PageMeta;
}

/**
 * The public page layout of the default theme: a skip link, then the landmarks (banner with the site's and
 * the languages' navigation, main, contentinfo), every word of its own in the page's language.
 */
export function renderPage(parts: PageParts): string {
  const { site, language, words, meta } = parts;
  const home = language === site.defaultLanguage ? '/' : `/${language}`;
  const alternates = Object.entries(meta.alternates ?? {});
  // Each language named in itself (site.yaml's names), marked with its language for screen readers.
  const languageLinks = alternates.length > 1
    ? `<nav class="langs" aria-label="${escapeAttr(words.text.nav_languages)}">${alternates.map(([code, path]) => `<a href="${escapeAttr(path)}" hreflang="${escapeAttr(code)}" lang="${escapeAttr(code)}"${code === language ? ' aria-current="page"' : ''}>${escapeHtml(site.languages[code] ?? code)}</a>`).join(' ')}</nav>`
    : '';
  const title = meta.title === site.title ? site.title : `${meta.title} – ${site.title}`;
  // The entry's CSS has been through the cleaner: it cannot close this element or load other sites.
  const entryStyle = parts.entryCss ? `<style id="entry-style">${parts.entryCss}</style>` : '';
  const banner = parts.consent ? consentBoxHtml(parts.consent, words, parts.embeds ?? 0, site.consent?.privacyLink ?? null) : '';
  const feed = language === site.defaultLanguage ? '/feed.xml' : `/${language}/feed.xml`;
  return `<!doctype html>
<html lang="${escapeAttr(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeAttr(meta.description)}">
${headTags(site, language, meta)}
<link rel="alternate" type="application/atom+xml" title="${escapeAttr(site.title)}" href="${escapeAttr(feed)}">
<style>${SITE_CSS}${banner ? CONSENT_CSS : ''}</style>${entryStyle}${parts.headExtra ?? ''}
</head>
<body>
<a class="skip-link" href="#main">${escapeHtml(words.text.skip_link)}</a>
${banner ? `${banner}\n` : ''}<header class="site"><a class="brand" href="${escapeAttr(home)}">${escapeHtml(site.title)}</a><nav aria-label="${escapeAttr(words.text.nav_pages)}">${parts.nav.map((item) => `<a href="${escapeAttr(item.path)}">${escapeHtml(item.title)}</a>`).join('')}</nav>${languageLinks}</header>
<main id="main" tabindex="-1"${parts.entryCss ? ' class="own-style"' : ''}>
${parts.main}
</main>
<footer class="site"><p>${escapeHtml(site.description)}</p><p class="footer-links"><a href="${escapeAttr(feed)}">${escapeHtml(words.text.feed)}</a>${banner ? ` ${consentLinkHtml(words)}` : ''}</p></footer>
${banner ? consentScriptHtml(parts.consent!) : ''}${parts.bodyEnd ?? ''}
</body>
</html>`;
}
