// Which entries a token may read, by the rules content_read applies (content/content-rights.ts): another
// person's draft is as good as absent. Completions and subscriptions ask here, so neither ever names, nor
// tells of changes to, an entry the token could not read.
import { holdsScope, type Principal, type Scope } from '../../auth/principal.js';
import { canSeeTranslation } from '../../content/content-rights.js';
import type { Entry } from '../../content/entries/types.js';
import type { ContentStore } from '../../content/store.js';

/** Whether the principal sees any translation of the entry (undefined: there is none to see). */
export function mayReadEntry(principal: Principal, entry: Entry | undefined): boolean {
  if (!entry) return false;
  for (const translation of entry.translations.values()) if (canSeeTranslation(principal, entry, translation)) return true;
  return false;
}

/** The languages of the entry's translations the principal sees (none when there is no entry). */
export function visibleLanguages(principal: Principal, entry: Entry | undefined): Set<string> {
  const languages = new Set<string>();
  if (!entry) return languages;
  for (const translation of entry.translations.values()) if (canSeeTranslation(principal, entry, translation)) languages.add(translation.language);
  return languages;
}

/** The ids of the entries the principal may read, when its token holds `scope` (none otherwise). */
export function* readableEntryIds(store: ContentStore, principal: Principal, scope: Scope): Generator<string> {
  if (!holdsScope(principal, scope)) return;
  for (const entry of store.entries()) if (mayReadEntry(principal, entry)) yield entry.id;
}
