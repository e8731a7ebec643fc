// The spec's role rules for content, in one place for the Content API, MCP tools and the panel.
import type { Principal } from '../auth/principal.js';
import type { Entry, Translation } from './entries/types.js';
import type { Searcher } from './search/site-search.js';

function isOwn(principal: Principal, translation: Translation | undefined): boolean {
  return translation?.author === principal.accountId;
}

/**
 * Published translations are visible to everyone. Drafts and scheduled ones of other people only to owners
 * with content.edit_all or content.publish; everyone else sees their own.
 */
export function canSeeTranslation(principal: Principal | null, _entry: Entry, translation: Translation): boolean {
  if (translation.status === 'published') return true;
  if (!principal) return false;
  if (isOwn(principal, translation)) return true;
  return seesOthersUnpublished(principal);
}

/** Whether the owner sees other people's drafts and scheduled translations (else only their own). */
export function seesOthersUnpublished(principal: Principal): boolean {
  return principal.capabilities.has('content.edit_all') || principal.capabilities.has('content.publish');
}

/**
 * The same rules for full-text search (content/search/): the index filters its rows by them in SQL (whose
 * drafts count), and each row answered is checked again against the entry as it is now. `principal` null:
 * anyone, who finds published translations only.
 */
export function searcherOf(principal: Principal | null): Searcher {
  return {
    reader: principal === null ? null : { accountId: principal.accountId, seesOthers: seesOthersUnpublished(principal) },
    sees: (entry, translation) => canSeeTranslation(principal, entry, translation),
  };
}

/**
 * May the owner change this entry (content_update, content_style, media_upload)? content.write always;
 * content.edit_all for others' entries; content.publish for a published one (changes go live at once).
 * `translation` is the one being changed, or the entry's default translation.
 */
export function canEditEntry(principal: Principal, entry: Entry, translation: Translation | undefined): { allowed: true } | { allowed: false; reason: string } {
  if (!principal.capabilities.has('content.write')) return { allowed: false, reason: `Your role (${principal.role}) may not change content.` };
  const reference = translation ?? firstTranslation(entry);
  if (!isOwn(principal, reference) && !principal.capabilities.has('content.edit_all')) {
    return { allowed: false, reason: `Your role (${principal.role}) may only change your own entries; ${entry.id} belongs to someone else.` };
  }
  const published = [...entry.translations.values()].some((t) => t.status === 'published' || t.status === 'scheduled');
  const target = translation ? translation.status !== 'draft' : published;
  if (target && !principal.capabilities.has('content.publish') && !principal.capabilities.has('content.publish_all')) {
    return { allowed: false, reason: `Your role (${principal.role}) may not change ${entry.id} because it is published; ask an editor, or work on a draft.` };
  }
  return { allowed: true };
}

/** content.publish_all for everyone's entries; content.publish for one's own. */
export function canPublishEntry(principal: Principal, entry: Entry, translation?: Translation): { allowed: true } | { allowed: false; reason: string } {
  if (principal.capabilities.has('content.publish_all')) return { allowed: true };
  const reference = translation ?? firstTranslation(entry);
  if (principal.capabilities.has('content.publish') && isOwn(principal, reference)) return { allowed: true };
  if (principal.capabilities.has('content.publish')) {
    return { allowed: false, reason: `Your role (${principal.role}) may publish only your own entries, and ${entry.id} belongs to someone else.` };
  }
  return { allowed: false, reason: `Your role (${principal.role}) may not publish this entry; leave it as a draft and ask an editor to publish it.` };
}

function firstTranslation(entry: Entry): Translation | undefined {
  return entry.translations.values().next().value;
}
