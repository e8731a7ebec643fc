// Who sees a History record that is not about an entry: those who may do what it records. Team records
// (invitations with email addresses, reset links issued, role changes, removals) are for team.manage, who
// sees them on the Team page anyway; settings and the approval switches for settings.manage, which changes
// them. Emptying the trash names entries only (how many went), so everyone who sees History sees it, as
// before. A kind of record not listed here is shown to team.manage alone: a new one is never public to the
// team by default.
import type { Capability, Principal } from '../../auth/principal.js';
import type { HistoryAction } from '../../content/history.js';

/** The capability a record of the action needs; null: anyone who sees History. */
const NEEDS: Partial<Record<HistoryAction, Capability | null>> = {
  team_invite: 'team.manage',
  team_joined: 'team.manage',
  team_role: 'team.manage',
  team_remove: 'team.manage',
  team_reset: 'team.manage',
  team_reset_used: 'team.manage',
  team_link_withdrawn: 'team.manage',
  settings: 'settings.manage',
  approval_mode: 'settings.manage',
  trash_emptied: null,
};

/** Whether a record with no entry shows to this person (a person's own records are judged before this). */
export function maySeeNonEntryRecord(principal: Principal, action: HistoryAction): boolean {
  const needed = Object.hasOwn(NEEDS, action) ? NEEDS[action] ?? null : 'team.manage';
  return needed === null || principal.capabilities.has(needed);
}
