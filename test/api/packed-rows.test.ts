// The Content API's kept list rows are records packed into a few big buffers (src/api/packed-rows.ts): a
// row read back must be the bytes written, whatever was forgotten to stay within the budget, whichever
// slots were used again, and whatever the content generation and settings did meanwhile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { seededRandom } from '../../dist/cli/demo-traffic/seed-random.js';
import { entry, entryText } from '../helpers/write-site.ts';
import { ContentStore } from '../../dist/content/store.js';
import { listEntries } from '../../dist/content/query.js';
import { ListRowCache } from '../../dist/api/list-rows/list-rows.js';
import { listAnswer } from '../../dist/api/answers/list-answer.js';
import { PackedRows, SLOT_BYTES } from '../../dist/api/list-rows/packed-rows.js';
import { canSeeTranslation } from '../../dist/content/content-rights.js';
import type { Entry, Translation } from '../../src/content/entries/types.ts';

test('packed records read back as written while kept, within the budget, the oldest forgotten first and each once, places let go written again', () => {
  const random = seededRandom(11);
  const budget = 40_000;
  const forgotten: number[] = [];
  const packed = new PackedRows({ budgetBytes: budget, grow: () => {}, forget: (slot) => forgotten.push(slot) });
  /** What each kept slot holds: the row's number, written as its record's bytes. */
  const kept = new Map<number, number>();
  const text = (row: number) => `row ${row} `.repeat(1 + (row * 7) % 90);
  const tags = Buffer.from('[]');
  try {
    for (let row = 0; row < 3000; row++) {
      // Between answers the places let go may be written again: what is kept must not be touched.
      if (row % 3 === 0) packed.recycle();
      // Now and then a row is replaced (its record stays behind until its segment goes).
      if (kept.size > 0 && random() < 0.2) {
        const [slot] = [...kept.keys()].slice(Math.floor(random() * kept.size));
        packed.release(slot!);
        kept.delete(slot!);
      }
      const slot = packed.add(text(row), '', '', tags, null);
      assert.ok(packed.isKept(slot));
      forgotten.length = 0;
      packed.kept();
      for (const gone of forgotten) {
        assert.ok(kept.delete(gone), `slot ${gone} forgotten once, while kept`);
        assert.notEqual(gone, slot, 'the row just kept stays');
      }
      kept.set(slot, row);
      assert.ok(packed.bytes <= budget, `${packed.bytes} bytes over ${budget}`);
      assert.equal(packed.size, kept.size);
      // A row just kept reads back at once, and so does one kept earlier.
      assert.equal(packed.record(slot).toString(), text(row));
    }
    let oldest = Infinity;
    for (const [slot, row] of kept) {
      assert.equal(packed.record(slot).toString(), text(row));
      assert.equal(packed.headLength[slot], Buffer.byteLength(text(row)));
      oldest = Math.min(oldest, row);
    }
    // What is kept is the newest rows (less those replaced): a budget's worth, give or take a segment.
    assert.ok(oldest > 2000 && packed.bytes > budget * 0.8, `oldest kept ${oldest}, ${packed.bytes} bytes`);
    // Some 500 segments filled, in a few places: those let go were written again.
    assert.ok(packed.placeCount <= 16 + 4, `${packed.placeCount} places`);
    // A row that alone is over the budget is kept in a buffer of its own, not kept, and its slot given back.
    const big = packed.add('x'.repeat(budget), '', '', tags, null);
    assert.equal(packed.isKept(big), false);
    assert.equal(packed.record(big).length, budget);
    packed.releaseUnkept(big);
    assert.equal(packed.size, kept.size);
    assert.ok(SLOT_BYTES > 0);
  } finally {
    packed.close();
  }
});

test('rows asked in any order under a small budget, across generations and settings, are the rows a new cache makes', () => {
  const posts: Record<string, string> = {};
  for (let n = 0; n < 40; n++) {
    const tags = n % 3 === 0 ? ['news'] : n % 3 === 1 ? ['news', 'travel'] : [];
    posts[`content/posts/packed-${n}/en.md`] = entryText(entry({ title: n % 4 ? `Post ${n}` : `Grüße ${n} ✓`, status: 'published', date: `2026-03-${String(n % 28 + 1).padStart(2, '0')} 09:00`, author: 'admin', tags, excerpt: `Excerpt ${'é'.repeat(n % 5)}${'x'.repeat(n * 3)}` }, 'Text.'));
    if (n % 2) posts[`content/posts/packed-${n}/de.md`] = entryText(entry({ title: `Beitrag ${n}`, status: 'published', date: `2026-03-${String(n % 28 + 1).padStart(2, '0')} 09:00`, author: 'admin', tags }, 'Text.'));
  }
  const siteRoot = createFixtureSite(posts);
  const store = new ContentStore({ root: siteRoot, clock: Date.now, log: () => {} });
  const isPublic = (entry: Entry, translation: Translation) => canSeeTranslation(null, entry, translation);
  try {
    const random = seededRandom(5);
    const rows = ['en', 'de'].flatMap((language) => listEntries(store, { type: 'post', language, status: 'published' }).rows);
    assert.ok(rows.length > 50);
    const unbounded = new ListRowCache({ isPublic });
    unbounded.warm(store, store.generation, rows);
    const small = new ListRowCache({ isPublic, budgetBytes: Math.floor(unbounded.bytes / 4) });
    for (let round = 0; round < 200; round++) {
      // Now and then another generation (rows made again from their own parts) or a row over the budget.
      const generation = store.generation + (round % 50 < 25 ? 0 : 1);
      const start = Math.floor(random() * rows.length);
      const page = rows.slice(start, start + 1 + Math.floor(random() * 12));
      const expected = page.map((row) => new ListRowCache({ isPublic }).rowsJson(store, generation, [row], null));
      const meta = JSON.stringify({ round });
      assert.equal(listAnswer(small.publicRows(store, generation, page), meta).bytes.toString('utf8'), `{"data":[${expected.join(',')}],"meta":${meta}}`, `round ${round}`);
      assert.equal(small.rowsJson(store, generation, page, null), expected.join(','));
      assert.equal(small.rowsJson(store, generation, page, () => true), page.map((row) => new ListRowCache({ isPublic }).rowsJson(store, generation, [row], () => true)).join(','));
      assert.ok(small.bytes <= small.budget, `${small.bytes} bytes over ${small.budget}`);
    }
    assert.ok(small.size > 0 && small.size < rows.length, `${small.size} of ${rows.length} kept`);
    small.close();
    // A budget smaller than any row keeps none and answers all the same.
    const none = new ListRowCache({ isPublic, budgetBytes: 100 });
    const some = rows.slice(0, 5);
    assert.equal(none.rowsJson(store, store.generation, some, null), unbounded.rowsJson(store, store.generation, some, null));
    assert.equal(listAnswer(none.publicRows(store, store.generation, some), '{}').etag, listAnswer(unbounded.publicRows(store, store.generation, some), '{}').etag);
    assert.equal(none.size, 0);
  } finally {
    store.close();
    rmSync(siteRoot, { recursive: true, force: true });
  }
});
