import { KeyedTable } from './keyed-table.js';
import type { Entry, Translation } from '../entries/types.js';

export interface PathTarget { entry: Entry; translation: Translation }

/**
 * Public path -> the translation at it, kept in step with the entries one entry at a time (entry-index.ts),
 * so a change costs its own translations, not a pass over the site. Every translation has a path, drafts
 * too: the caller decides who may see what. When several translations claim one path (a slug set to
 * another entry's, a page named like a language), a published one wins over one that is not, then the
 * lowest id: the same owner whatever order the entries were read in.
 */
export class PathIndex {
  /** Keyed by the target's own path, read from it when compared: no second string per path. */
  private readonly byPath = new KeyedTable<PathTarget>((target) => target.translation.path);
  /** The claimants of the few paths more than one translation claims, so a removal hands the path on. */
  private readonly contested = new Map<string, PathTarget[]>();

  /** Claimants kept elsewhere (a persisted index's translations, looked up in its columns), or null. */
  private others: ((path: string, visit: (target: PathTarget) => void) => void) | null = null;

  find(path: string): PathTarget | undefined {
    const own = this.byPath.get(path);
    if (!this.others) return own;
    let best = own;
    this.others(path, (target) => { best = best ? better(best, target) : target; });
    return best;
  }

  /**
   * Has find() weigh, beside the targets put here, those `others` hands over for a path (the same rule picks
   * the owner among all); null for none. Those put here are never among them.
   */
  behind(others: ((path: string, visit: (target: PathTarget) => void) => void) | null): void {
    this.others = others;
  }

  /**
   * Takes the paths of the entry as it was (`previous`) back and claims those of its translations now,
   * one target per translation (the lists' rows serve, so nothing more is kept per translation).
   */
  put(targets: readonly PathTarget[], previous?: Entry): void {
    if (previous) this.remove(previous);
    for (const target of targets) this.claim(target);
  }

  remove(entry: Entry): void {
    for (const translation of entry.translations.values()) this.release(entry.id, translation);
  }

  clear(): void {
    this.byPath.clear();
    this.contested.clear();
  }

  private claim(target: PathTarget): void {
    const path = target.translation.path;
    const owner = this.byPath.get(path);
    if (!owner) { this.byPath.set(path, target); return; }
    const claimants = this.contested.get(path) ?? [owner];
    claimants.push(target);
    this.contested.set(path, claimants);
    this.byPath.set(path, claimants.reduce(better));
  }

  private release(id: string, translation: Translation): void {
    const path = translation.path;
    const claimants = this.contested.get(path);
    if (!claimants) {
      const owner = this.byPath.get(path);
      if (owner && owner.entry.id === id && owner.translation.language === translation.language) this.byPath.delete(path);
      return;
    }
    const left = claimants.filter((c) => !(c.entry.id === id && c.translation.language === translation.language));
    if (left.length === 1) this.contested.delete(path);
    else this.contested.set(path, left);
    if (left.length === 0) this.byPath.delete(path);
    else this.byPath.set(path, left.reduce(better));
  }
}

function better(a: PathTarget, b: PathTarget): PathTarget {
  const aPublished = a.translation.status === 'published', bPublished = b.translation.status === 'published';
  if (aPublished !== bPublished) return aPublished ? a : b;
  if (a.entry.id !== b.entry.id) return a.entry.id < b.entry.id ? a : b;
  return a.translation.language <= b.translation.language ? a : b;
}
