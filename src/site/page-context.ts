import type { ContentStore } from '../content/store.js';
import type { SiteConfig } from '../content/entries/types.js';
import type { SiteWords } from './site-words.js';
import type { PageExtras } from './templates.js';

/** What every public page is made with: the content, the page's language and its words, and what other areas add. */
export interface PageContext {
  store: ContentStore;
  site: SiteConfig;
  language: string;
  words: SiteWords;
  extras: PageExtras;
}
