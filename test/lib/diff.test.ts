import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits, diffSequences, MAX_DISTANCE, type Edit } from '../../dist/lib/diff/myers.js';
import { seededRandom } from '../../dist/cli/demo-traffic/seed-random.js';
import { applyTextDiff, diffText, splitLines, splitWords, type LineBlock } from '../../dist/lib/diff/text-diff.js';

// Our Myers diff on fixed cases and a seeded property test: applying the diff to the old text gives the new.

const chars = (s: string): string[] => [...s];
const kinds = (edits: Edit<string>[]): string => edits.map((e) => `${e.kind[0]}:${e.items.join('')}`).join(' ');
const distance = (edits: Edit<unknown>[]): number => edits.filter((e) => e.kind !== 'equal').reduce((n, e) => n + e.items.length, 0);

/** Old text, as the blocks and pieces show it (kept and removed). */
function oldSide(blocks: LineBlock[]): string {
  return blocks.map((b) => (b.kind === 'same' ? b.lines.join('') : b.pieces.filter((p) => p.kind !== 'insert').map((p) => p.text).join(''))).join('');
}

test('empty and equal texts', () => {
  assert.deepEqual(diffSequences([], []), []);
  assert.deepEqual(diffText('', ''), []);
  assert.equal(kinds(diffSequences(chars(''), chars('abc'))), 'i:abc');
  assert.equal(kinds(diffSequences(chars('abc'), chars(''))), 'd:abc');
  assert.equal(kinds(diffSequences(chars('same'), chars('same'))), 'e:same');
  assert.deepEqual(diffText('one\ntwo\n', 'one\ntwo\n'), [{ kind: 'same', lines: ['one\n', 'two\n'] }]);
});

test('insert and delete in the middle, at the ends, and the shortest script (the paper\'s example)', () => {
  assert.equal(kinds(diffSequences(chars('abcd'), chars('abXcd'))), 'e:ab i:X e:cd');
  assert.equal(kinds(diffSequences(chars('abXcd'), chars('abcd'))), 'e:ab d:X e:cd');
  assert.equal(kinds(diffSequences(chars('bc'), chars('abcd'))), 'i:a e:bc i:d');
  // Myers 1986, figure 1: ABCABBA to CBABAC takes five edits.
  const edits = diffSequences(chars('ABCABBA'), chars('CBABAC'));
  assert.equal(distance(edits), 5);
  assert.deepEqual(applyEdits(chars('ABCABBA'), edits), chars('CBABAC'));
});

test('a moved line shows as removed at one place and added at the other', () => {
  const before = 'alpha\nbeta\ngamma\ndelta\n';
  const after = 'beta\ngamma\ndelta\nalpha\n';
  const blocks = diffText(before, after);
  assert.deepEqual(blocks.map((b) => b.kind), ['changed', 'same', 'changed']);
  assert.deepEqual((blocks[0] as { removed: string[] }).removed, ['alpha\n']);
  assert.deepEqual((blocks[2] as { added: string[] }).added, ['alpha\n']);
  assert.equal(applyTextDiff(before, blocks), after);
});

test('inside changed lines the words that changed are marked, not the whole lines', () => {
  const blocks = diffText('Title\nThe quick brown fox jumps.\nEnd\n', 'Title\nThe quick red fox jumps!\nEnd\n');
  assert.equal(blocks.length, 3);
  const changed = blocks[1] as Extract<LineBlock, { kind: 'changed' }>;
  assert.deepEqual(changed.pieces.filter((p) => p.kind !== 'equal').map((p) => `${p.kind}:${p.text}`), ['delete:brown', 'insert:red', 'delete:.', 'insert:!']);
});

test('Unicode: accents, CJK, emoji with skin tones and flags stay whole code points', () => {
  assert.deepEqual(splitWords('Grüße, 世界 🙂👍🏽'), ['Grüße', ',', ' ', '世界', ' ', '🙂', '👍', '🏽']);
  const before = 'Ça va 🙂\nnaïve café\n';
  const after = 'Ça va 😀\nnaïve cafè\n';
  const blocks = diffText(before, after);
  assert.equal(applyTextDiff(before, blocks), after);
  const pieces = (blocks[0] as Extract<LineBlock, { kind: 'changed' }>).pieces;
  for (const piece of pieces) assert.equal(piece.text.isWellFormed(), true, 'no half surrogate pair');
  assert.ok(pieces.some((p) => p.kind === 'delete' && p.text === '🙂'));
  assert.ok(pieces.some((p) => p.kind === 'insert' && p.text === 'cafè'));
});

test('texts without a final line break, and CRLF lines', () => {
  assert.deepEqual(splitLines('a\nb'), ['a\n', 'b']);
  assert.deepEqual(splitLines('a\r\nb\r\n'), ['a\r\n', 'b\r\n']);
  for (const [before, after] of [['a\nb', 'a\nb\n'], ['x', ''], ['', 'y\n'], ['a\r\nb\r\n', 'a\r\nc\r\n']] as const) {
    assert.equal(applyTextDiff(before, diffText(before, after)), after, JSON.stringify([before, after]));
  }
});

test('long texts: 20,000 lines with a few changes give a short script; far-apart texts still a correct one', () => {
  const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i} of a long page\n`);
  const changed = [...lines];
  changed[5] = 'changed five\n';
  changed.splice(10_000, 0, 'inserted\n');
  changed.splice(19_000, 2);
  const edits = diffSequences(lines, changed);
  assert.equal(distance(edits), 2 + 1 + 2);
  assert.deepEqual(applyEdits(lines, edits), changed);
  // Nothing in common and past the search limit: one replacement, still correct.
  const a = Array.from({ length: MAX_DISTANCE }, (_, i) => `a${i}`);
  const b = Array.from({ length: MAX_DISTANCE }, (_, i) => `b${i}`);
  const far = diffSequences(a, b);
  assert.equal(kinds(far).split(' ').length, 2);
  assert.deepEqual(applyEdits(a, far), b);
});

const VOCABULARY = ['the', 'fox', 'é', '🙂', '世界', ' ', ' ', '\n', '\n', ',', '.', 'a', 'b', '\r\n', 'naïve', '---', 'title: x\n'];

function randomText(next: () => number, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += VOCABULARY[Math.floor(next() * VOCABULARY.length)];
  return text;
}

/** A random edit of `text`: some pieces removed, replaced or inserted, so the two share a lot. */
function mutate(next: () => number, text: string): string {
  const pieces = splitWords(text);
  const out: string[] = [];
  for (const piece of pieces) {
    const roll = next();
    if (roll < 0.08) continue;
    if (roll < 0.16) out.push(VOCABULARY[Math.floor(next() * VOCABULARY.length)]!);
    else out.push(piece);
    if (next() < 0.05) out.push(randomText(next, 1 + Math.floor(next() * 4)));
  }
  return out.join('');
}

function lcsLength<T>(a: readonly T[], b: readonly T[]): number {
  let row = new Array<number>(b.length + 1).fill(0);
  for (const item of a) {
    const next = [0];
    for (let j = 0; j < b.length; j++) next.push(item === b[j] ? row[j]! + 1 : Math.max(row[j + 1]!, next[j]!));
    row = next;
  }
  return row[b.length]!;
}

test('property: for 500 seeded random pairs the diff applied to the old text gives the new, both sides match', () => {
  const seed = Number(process.env.DIFF_SEED ?? 20261124);
  const next = seededRandom(seed);
  for (let round = 0; round < 500; round++) {
    const before = randomText(next, Math.floor(next() * 200));
    const after = next() < 0.8 ? mutate(next, before) : randomText(next, Math.floor(next() * 200));
    const blocks = diffText(before, after);
    const label = `seed ${seed}, round ${round}`;
    assert.equal(applyTextDiff(before, blocks), after, label);
    assert.equal(oldSide(blocks), before, label);
    const a = chars(before);
    const b = chars(after);
    const edits = diffSequences(a, b);
    assert.deepEqual(applyEdits(a, edits), b, label);
    // Never longer than replacing everything, and the shortest when one side contains the other.
    assert.ok(distance(edits) <= a.length + b.length, label);
    // The shortest script: as long as n + m − 2·LCS, the LCS counted by dynamic programming.
    assert.equal(distance(edits), a.length + b.length - 2 * lcsLength(a, b), label);
  }
});
