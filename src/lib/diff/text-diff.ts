import { diffSequences, type Edit } from './myers.js';

// Text diffs for people reading them: by lines first, then, inside each block of changed lines, by words,
// so a changed comma shows as that comma and not as two whole paragraphs.

/** The lines of a text, each with its line break, so joining them gives the text back exactly. */
export function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/**
 * Words, runs of white space, and single other characters (punctuation, symbols, emoji): the pieces a word
 * diff compares. Whole code points, never half a surrogate pair; joining them gives the text back.
 */
export function splitWords(text: string): string[] {
  return text.match(/[\p{L}\p{M}\p{N}_]+|\s+|[^]/gu) ?? [];
}

/** A piece of a changed block: text kept, removed or added. */
export type Piece = { kind: Edit<string>['kind']; text: string };

export type LineBlock =
  | { kind: 'same'; lines: string[] }
  /** Lines removed and added at one place, with the word-level pieces that turn the old ones into the new. */
  | { kind: 'changed'; removed: string[]; added: string[]; pieces: Piece[] };

/** Line blocks from old to new text: unchanged runs, and changed runs with their word diff. */
export function diffText(before: string, after: string): LineBlock[] {
  const blocks: LineBlock[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flush = (): void => {
    if (removed.length === 0 && added.length === 0) return;
    const pieces = diffSequences(splitWords(removed.join('')), splitWords(added.join(''))).map((edit) => ({ kind: edit.kind, text: edit.items.join('') }));
    blocks.push({ kind: 'changed', removed, added, pieces });
    removed = [];
    added = [];
  };
  for (const edit of diffSequences(splitLines(before), splitLines(after))) {
    if (edit.kind === 'equal') {
      flush();
      blocks.push({ kind: 'same', lines: edit.items });
    } else if (edit.kind === 'delete') removed.push(...edit.items);
    else added.push(...edit.items);
  }
  flush();
  return blocks;
}

/** The new text from the old one and its blocks (the diff's own check: it must give `after` back). */
export function applyTextDiff(before: string, blocks: readonly LineBlock[]): string {
  let out = '';
  let at = 0;
  for (const block of blocks) {
    const old = block.kind === 'same' ? block.lines.join('') : block.removed.join('');
    if (before.slice(at, at + old.length) !== old) throw new Error(`The diff does not fit the old text at ${at}.`);
    at += old.length;
    if (block.kind === 'same') out += old;
    else for (const piece of block.pieces) if (piece.kind !== 'delete') out += piece.text;
  }
  if (at !== before.length) throw new Error('The diff ends before the old text does.');
  return out;
}
