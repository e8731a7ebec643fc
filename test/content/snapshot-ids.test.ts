// The persisted index's in-place id check (src/content/list-engine/snapshot-ids.ts) accepts exactly the ids the rules
// of entry ids accept below a type folder of the settings (one slug; up to three for pages), and exactly the
// orders in which each id comes after the one before, as `<` orders strings: random ids with a seed, beside
// a reference written as those rules read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkIds } from '../../dist/content/list-engine/snapshot-ids.js';
import { TextColumn } from '../../dist/content/list-engine/snapshot-blocks.js';
import type { ContentType } from '../../src/content/entries/types.ts';
import { seededRandom as random } from '../../dist/cli/demo-traffic/seed-random.js';

const TYPES = [
  { key: 'post', folder: 'posts' },
  { key: 'page', folder: 'pages' },
  { key: 'recipe', folder: 'posts-old' },
] as unknown as ContentType[];
const SLUG = '[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?';
const REFERENCE = { flat: new RegExp(`^${SLUG}$`), nested: new RegExp(`^${SLUG}(?:/${SLUG}){0,2}$`) };

function reference(id: string): number {
  const type = TYPES.findIndex((candidate) => id.startsWith(`${candidate.folder}/`));
  if (type < 0) return -1;
  const rest = id.slice(TYPES[type]!.folder.length + 1);
  return (TYPES[type]!.key === 'page' ? REFERENCE.nested : REFERENCE.flat).test(rest) ? type : -1;
}

function column(ids: string[]): TextColumn {
  const starts = new Int32Array(ids.length + 1);
  ids.forEach((id, at) => { starts[at + 1] = starts[at]! + id.length; });
  return new TextColumn(ids.join(''), starts);
}

function randomId(next: () => number): string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const alphabet = ['a', 'z', 'q', '0', '9', '-', '-', '/', '.', 'A', '\\', '_', 'é'];
  const slug = () => {
    const length = next() < 0.1 ? 79 + Math.floor(next() * 4) : Math.floor(next() * 6);
    const from = alphabet.slice(0, next() < 0.8 ? 6 : alphabet.length);
    return Array.from({ length }, () => pick(from)).join('');
  };
  const head = pick(['posts', 'pages', 'posts-old', 'post', 'pagesx', 'posts/', '', 'Posts']);
  const slugs = Array.from({ length: 1 + Math.floor(next() * 4) }, slug);
  return `${head}/${slugs.join('/')}`;
}

test('each id is accepted in place exactly when the rules of entry ids accept it, with its type', () => {
  const next = random(20261124);
  for (let round = 0; round < 20_000; round++) {
    const id = randomId(next);
    const typeOf = new Uint16Array(1);
    const reason = checkIds(column([id]), 1, TYPES, typeOf);
    const expected = reference(id);
    if (expected < 0) assert.match(reason ?? '', /is not an entry of these settings$/, id);
    else {
      assert.equal(reason, undefined, id);
      assert.equal(typeOf[0], expected, id);
    }
  }
});

test('ids are taken only when each comes after the one before, as strings are ordered', () => {
  const next = random(7);
  const valid = ['posts/a', 'posts/a-b', 'posts/ab', 'posts/b', 'pages/a', 'pages/a/b', 'pages/a-b', 'posts-old/a', 'posts/a0', 'posts/a00'];
  for (let round = 0; round < 5_000; round++) {
    const pair = [valid[Math.floor(next() * valid.length)]!, valid[Math.floor(next() * valid.length)]!];
    const reason = checkIds(column(pair), 2, TYPES, new Uint16Array(2));
    if (pair[0]! < pair[1]!) assert.equal(reason, undefined, pair.join(' '));
    else assert.equal(reason, `${pair[1]} is there twice or out of order`, pair.join(' '));
  }
});
