// Who sees, restores and deletes for good what is in the trash: the same people who could change it before.
import type { Principal } from '../../auth/principal.js';
import type { TrashItem } from './trash-items.js';

/** Editors and admins see every item; others what they deleted and what was theirs. */
export function canSeeTrashItem(principal: Principal, item: TrashItem): boolean {
  if (!principal.capabilities.has('content.write')) return false;
  return principal.capabilities.has('content.edit_all') || item.deletedBy === principal.accountId || item.authors.includes(principal.accountId);
}

/** Restoring what was public makes it public again: that takes the right to publish. */
export function canRestoreTrashItem(principal: Principal, item: TrashItem): { allowed: true } | { allowed: false; reason: string } {
  if (!canSeeTrashItem(principal, item)) return { allowed: false, reason: 'There is no such item in the trash, or your role may not see it.' };
  const publishes = principal.capabilities.has('content.publish_all') || (principal.capabilities.has('content.publish') && item.authors.every((author) => author === principal.accountId));
  if (item.wasPublic && !publishes) return { allowed: false, reason: `Your role (${principal.role}) may not restore ${item.entry}: it was published, and restoring it publishes it again. Ask an editor.` };
  return { allowed: true };
}

/** Only admins (who manage the site) delete for good before the 30 days are over. */
export function canPurgeTrash(principal: Principal): boolean {
  return principal.capabilities.has('settings.manage');
}
