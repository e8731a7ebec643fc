// The default theme's own words (everything on a public page that is not content), in English: the
// fallback for every language, and the list of what a theme translation file may say. `{name}` marks a
// value filled in when the page is made.

export const ENGLISH_WORDS = {
  /** The locale dates are written for (BCP 47); a translation file may name a region, e.g. de-AT. */
  locale: 'en',
  skip_link: 'Skip to content',
  nav_pages: 'Pages',
  nav_languages: 'Languages',
  feed: 'Feed (Atom)',
  pager_label: 'More pages',
  pager_previous: 'Previous page',
  pager_next: 'Next page',
  pager_position: 'Page {page} of {pages}',
  read_more: 'Read more',
  list_empty: 'Nothing here yet.',
  subpages: 'In this section',
  tags_title: 'Tags',
  tagged: 'Tags:',
  not_found_title: 'Not found',
  not_found_text: 'Nothing is at this address.',
  not_found_home: 'Go to the home page',
  search_title: 'Search',
  search_label: 'Search this site',
  search_button: 'Search',
  search_results: '{total} results for “{query}”',
  search_one_result: 'One result for “{query}”',
  search_none: 'Nothing found for “{query}”. Try fewer or other words.',
  search_no_words: 'Type a word or two to search for.',
  search_too_long: 'That is too long to search for: at most {max} characters.',
  search_building: 'The search is being prepared ({percent} %). Try again in a few seconds.',
  search_unavailable: 'Search is not available on this site at the moment.',
  consent_open: 'Privacy settings',
  consent_text: 'This site embeds content from {services}. Those services may set cookies and see your IP address. Choose what to allow; you can change it with the link at the bottom of every page.',
  consent_page_text: 'This page embeds content from {services}. Those services may set cookies and see your IP address. Choose what to allow; you can change it with the Privacy settings link at the bottom of every page.',
  consent_statistics: 'Statistics',
  consent_marketing: 'Marketing',
  consent_external_media: 'External media (videos, maps)',
  consent_accept_all: 'Allow all',
  consent_reject_all: 'Only necessary',
  consent_save: 'Save choice',
  consent_privacy: 'Privacy policy',
  video_note: 'Playing the video here loads it from {service}, which may set cookies and see your IP address. It plays here once you allow external media.',
  video_note_elsewhere: 'The video opens on {service}.',
  video_allow: 'Allow external media',
} as const;

export type WordKey = keyof typeof ENGLISH_WORDS;

export interface SiteWords {
  /** Every word of ENGLISH_WORDS, translated where the theme's file says so. */
  text: Record<WordKey, string>;
  /** A content type's name on its listing page, by type key (`recipe: Rezepte`); else its label in site.yaml. */
  types: Readonly<Record<string, string>>;
}

export const ENGLISH: SiteWords = Object.freeze({ text: Object.freeze({ ...ENGLISH_WORDS }), types: Object.freeze({}) });

/** A word with its `{name}` marks filled; a mark without a value stays as written. */
export function fillWords(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{([a-z_]+)\}/g, (mark, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : mark));
}
