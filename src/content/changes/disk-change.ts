// What an entry's change found on disk is recorded as (entry-file-changes.ts records it, under the entry's
// lock): from the entry as the index had it before to the index now, an `entry.added`, `entry.removed` or
// `entry.changed` with `via: disk` and what anyone may see of it, or nothing when nothing changed after all.
import type { ChangeKind, NewChange } from '../../feed/change-event.js';
import { factsChange, publicView, type EntryFacts } from './change-facts.js';

export function diskChange(id: string, before: EntryFacts, after: EntryFacts, detail?: string): NewChange | null {
  const change = factsChange(before, after);
  if (!change) return null;
  const kind: ChangeKind = !before.exists ? 'entry.added' : !after.exists ? 'entry.removed' : 'entry.changed';
  return {
    kind, entry: id, languages: change.languages, paths: change.paths, before: change.before, via: 'disk', person: null, token: null,
    ...(detail ? { detail } : {}), public: publicView(before, after, change.languages),
  };
}
