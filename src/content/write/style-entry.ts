import { join } from 'node:path';
import { canEditEntry } from '../content-rights.js';
import { assertCssSize, cleanCss } from '../../lib/css/clean-css.js';
import { saveStyleVersion } from '../revisions.js';
import { refuseLoneSurrogates } from './field-rules.js';
import type { Entry } from '../entries/types.js';
import type { HistoryAction } from '../history.js';
import { holdsLiveChange, proposeStyle, WAITING_MESSAGE } from './live-proposals.js';
import { freshEntry, refuseUnless } from './update-entry.js';
import { refuseIfChanged, staleStyleSentence } from './version-stamp.js';
import { recordChange, storageOf, withEntryLock } from './write-context.js';
import type { Actor, WriteContext } from './write-context.js';

export interface StyleEntryResult {
  id: string;
  css: string;
  cleaned: boolean;
  note: string;
  /** Sentences saying what was removed or repaired. */
  problems: string[];
  removed: boolean;
  /** Approval of live changes held it back: style.css is unchanged, the CSS waits for a person. */
  waiting?: boolean;
}

/**
 * Replaces the entry's style.css with the cleaned CSS (an empty result removes the file). The previous CSS
 * is kept as a version first. Same rights as changing the entry: on a published entry the change is live.
 */
export function styleEntry(context: WriteContext, actor: Actor, entry: Entry, css: string, expectedVersion?: string, recordAs?: { action: HistoryAction; detail: string }): StyleEntryResult {
  assertCssSize(css);
  refuseLoneSurrogates({ css });
  const result = cleanCss(css);
  return withEntryLock(context, entry.id, () => {
    const fresh = freshEntry(context, entry.id);
    // No single translation: the style applies to all, so any published one makes it a live change.
    refuseUnless(canEditEntry(actor.principal, fresh, undefined));
    const storage = storageOf(context);
    const file = join(fresh.dir, 'style.css');
    const previous = storage.exists(file) ? storage.readText(file) : null;
    refuseIfChanged(expectedVersion, previous, staleStyleSentence(entry.id));
    const problems = result.problems.map((problem) => problem.message);
    // Nothing to remove is no change: no history line, no feed event (which purges caches), no proposal.
    if (previous === null && result.css.trim() === '') {
      const note = css.trim() === '' ? 'There is no style.css, so nothing was removed.' : `Nothing was left after cleaning, and there is no style.css: nothing changed.${result.cleaned ? ` Cleaned: ${problems.join(' ')}` : ''}`;
      return { id: entry.id, css: '', cleaned: result.cleaned, note, problems, removed: false };
    }
    // Any published translation makes the style public: an assistant's CSS may have to wait (live-proposals.ts).
    const published = [...fresh.translations.values()].some((t) => t.status !== 'draft');
    if (published && holdsLiveChange(context, actor, 'any-public')) {
      proposeStyle(context, actor, entry.id, result.css);
      return { id: entry.id, css: result.css, cleaned: result.cleaned, note: WAITING_MESSAGE, problems, removed: false, waiting: true };
    }
    if (previous !== null) saveStyleVersion(context.dataDir, entry.id, context.clock(), previous, storage);
    const remove = result.css.trim() === '';
    if (remove) {
      if (previous !== null) storage.remove(file);
    } else {
      storage.writeAtomic(file, result.css);
    }
    context.store.invalidate(entry.id);
    recordChange(context, actor, recordAs?.action ?? 'style', entry.id, null, recordAs?.detail ?? (remove ? 'style.css removed' : undefined));
    const kept = previous === null ? '' : ' The previous CSS was kept as a version.';
    const note = remove
      ? `${css.trim() === '' ? 'style.css was removed.' : 'Nothing was left after cleaning, so style.css was removed.'}${kept}`
      : `Saved. The rules apply inside <main> on this entry's pages in every language; selectors were scoped to main.${result.cleaned ? ` Cleaned: ${problems.join(' ')}` : ''}${kept}`;
    return { id: entry.id, css: remove ? '' : result.css, cleaned: result.cleaned, note, problems, removed: remove };
  });
}
