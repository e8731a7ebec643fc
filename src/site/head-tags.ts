import { escapeAttr } from '../lib/html-escape.js';
import { formatIsoWithOffset } from '../lib/time-zone.js';
import type { Cover } from '../content/cover.js';
import type { SiteConfig } from '../content/entries/types.js';

/** What a page tells search engines and link previews about itself. */
export interface PageMeta {
  /** The page's own address (path and `?page=` beyond the first), or null for a page that is none (404). */
  canonical: string | null;
  /** Language code -> path of the same page in that language (this one included). */
  alternates?: Record<string, string>;
  title: string;
  description: string;
  /** `article` for a post, `website` for the rest (Open Graph). */
  kind?: 'article' | 'website';
  /** The entry's cover with absolute addresses, and the words that describe it. */
  image?: { cover: Cover; alt: string } | null;
  /** When an article was published (epoch ms). */
  published?: number | null;
  /** The path of the page's Markdown twin, when it has one. */
  markdown?: string | null;
}

/**
 * The canonical link, `hreflang` alternates (with x-default: the site's default language) and the Open
 * Graph / Twitter card tags of a page, every address absolute (previews are fetched from elsewhere).
 */
export function headTags(site: SiteConfig, language: string, meta: PageMeta): string {
  const tags: string[] = [];
  const absolute = (path: string) => escapeAttr(site.url + path);
  const property = (name: string, content: string) => tags.push(`<meta property="${name}" content="${escapeAttr(content)}">`);
  const named = (name: string, content: string) => tags.push(`<meta name="${name}" content="${escapeAttr(content)}">`);
  if (meta.canonical === null) named('robots', 'noindex');
  else tags.push(`<link rel="canonical" href="${absolute(meta.canonical)}">`);
  const alternates = Object.entries(meta.alternates ?? {});
  if (meta.canonical !== null && alternates.length > 1) {
    for (const [code, path] of alternates) tags.push(`<link rel="alternate" hreflang="${escapeAttr(code)}" href="${absolute(path)}">`);
    const fallback = meta.alternates![site.defaultLanguage];
    if (fallback !== undefined) tags.push(`<link rel="alternate" hreflang="x-default" href="${absolute(fallback)}">`);
  }
  if (meta.markdown) tags.push(`<link rel="alternate" type="text/markdown" href="${absolute(meta.markdown)}">`);
  property('og:type', meta.kind ?? 'website');
  property('og:site_name', site.title);
  property('og:title', meta.title);
  property('og:description', meta.description);
  if (meta.canonical !== null) property('og:url', site.url + meta.canonical);
  property('og:locale', ogLocale(language));
  for (const [code] of alternates) if (code !== language) property('og:locale:alternate', ogLocale(code));
  if (meta.published !== undefined && meta.published !== null) property('article:published_time', formatIsoWithOffset(meta.published, site.timezone));
  const image = meta.image;
  if (image) {
    property('og:image', image.cover.url);
    property('og:image:width', String(image.cover.width));
    property('og:image:height', String(image.cover.height));
    property('og:image:alt', image.alt);
  }
  named('twitter:card', image ? 'summary_large_image' : 'summary');
  named('twitter:title', meta.title);
  named('twitter:description', meta.description);
  if (image) {
    named('twitter:image', image.cover.url);
    named('twitter:image:alt', image.alt);
  }
  return tags.join('\n');
}

/** Open Graph writes locales as language_TERRITORY. */
function ogLocale(code: string): string {
  return code.replace('-', '_');
}
