// Where the Content API's list rows cache (list-rows.ts) finds a kept row's slot: by the translation object
// the row was last asked for, else by its language and entry id. Kept in step with what the rows' facts say
// each slot was made for (row-facts.ts: its translation object and entry id), so that a slot is found here
// exactly while it holds a kept row.
import type { Translation } from '../../content/entries/types.js';
import type { RowFacts } from './row-facts.js';

export class RowLookup {
  /** Kept rows' slots by language, then entry id (no key is made per row: the id's hash is kept with the string). */
  private readonly byLanguage = new Map<string, Map<string, number>>();
  /** The same slots by the translation object they were last asked for (kept exactly while they are kept above). */
  private readonly byTranslation = new WeakMap<Translation, number>();

  constructor(private readonly facts: RowFacts) {}

  /** The slot of the row last asked for by this very object, if it is kept. */
  ofTranslation(translation: Translation): number | undefined {
    return this.byTranslation.get(translation);
  }

  /** The slot of the row kept for this entry in this language, if any (made from whatever stamp its file had then). */
  ofEntry(language: string, id: string): number | undefined {
    return this.languageRows(language).get(id);
  }

  /** Finds the row just kept in `slot` by its language and entry id, and by the translation object it was made from. */
  keep(slot: number, id: string, translation: Translation): void {
    this.languageRows(translation.language).set(id, slot);
    this.byTranslation.set(translation, slot);
  }

  private languageRows(language: string): Map<string, number> {
    let kept = this.byLanguage.get(language);
    if (kept === undefined) this.byLanguage.set(language, (kept = new Map()));
    return kept;
  }

  /** Finds the row in `slot` by `translation` from now on (and no longer by the object it was found by before). */
  follow(slot: number, translation: Translation): void {
    const before = this.facts.translation[slot]!;
    if (before === translation) return;
    this.byTranslation.delete(before);
    this.facts.translation[slot] = translation;
    this.byTranslation.set(translation, slot);
  }

  /** No longer finds the row in `slot` (its segment is let go, or it is replaced). */
  forget(slot: number): void {
    const translation = this.facts.translation[slot]!;
    const id = this.facts.id[slot]!;
    // Looked for in every language (a few) rather than by the object's: nothing of a translation the index
    // may have let go since is read.
    for (const kept of this.byLanguage.values()) if (kept.get(id) === slot) kept.delete(id);
    if (this.byTranslation.get(translation) === slot) this.byTranslation.delete(translation);
    this.facts.clear(slot);
  }
}
