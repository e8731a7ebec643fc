// What the writing tools share: the write context from the MCP deps, the actor (via: mcp, with the token's
// name for the history), and the entry lookup that keeps others' invisible drafts invisible.
import type { McpDeps } from '../mcp-deps.js';
import type { Principal } from '../../auth/principal.js';
import { canSeeTranslation } from '../../content/content-rights.js';
import type { ContentStore } from '../../content/store.js';
import type { Entry } from '../../content/entries/types.js';
import type { Actor, WriteContext } from '../../content/write/write-context.js';
import { resolveEntry, unknownEntry } from './lookup.js';

export function writeContextOf(deps: McpDeps): WriteContext {
  return { store: deps.content, dataDir: deps.config.dataDir, clock: deps.clock };
}

export function mcpActor(principal: Principal): Actor {
  return { principal, via: 'mcp' };
}

/** The entry, or "no such entry" when the person may not even see it (someone else's draft). */
export function resolveVisibleEntry(store: ContentStore, principal: Principal, id: string): Entry {
  const entry = resolveEntry(store, id);
  if (![...entry.translations.values()].some((t) => canSeeTranslation(principal, entry, t))) throw unknownEntry(id);
  return entry;
}

/** The entry's public address in the site's default language (or its first translation). */
export function entryUrl(store: ContentStore, entry: Entry): string {
  const translation = entry.translations.get(store.site().defaultLanguage) ?? entry.translations.values().next().value;
  return translation ? store.absoluteUrl(translation.path) : store.absoluteUrl('/');
}
