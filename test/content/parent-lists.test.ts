// A page's child pages come from a sorted list kept per parent (list-index.ts), like the lists per tag: after
// seeded random creates, edits, publishes and deletions of nested pages on disk, each parent's list in every
// language and status equals a scan of the store's entries, in order, and a window of it is the same slice.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ContentStore } from '../../dist/content/store.js';
import { listEntries } from '../../dist/content/query.js';
import { seededRandom } from '../../dist/cli/demo-traffic/seed-random.js';

const SITE_YAML = 'title: Parents\nlanguages: { en: English, de: Deutsch }\ndefault_language: en\ntimezone: Europe/Berlin\n';
const STATUSES = ['draft', 'published'] as const;
const roots: string[] = [];
after(() => { for (const root of roots) rmSync(root, { recursive: true, force: true }); });

function scan(store: ContentStore, parent: string, language: string, status: 'any' | 'draft' | 'published'): string[] {
  const rows: Array<{ id: string; dateMs: number }> = [];
  for (const entry of store.entries()) {
    const translation = entry.translations.get(language);
    if (entry.type.key !== 'page' || entry.parentId !== parent || !translation) continue;
    if (status !== 'any' && translation.status !== status) continue;
    rows.push({ id: entry.id, dateMs: translation.dateMs });
  }
  rows.sort((a, b) => b.dateMs - a.dateMs || (a.id < b.id ? -1 : 1));
  return rows.map((row) => row.id);
}

test('the child pages of every parent equal a scan after random changes on disk (seeded)', () => {
  for (const seed of [7, 8]) {
    const random = seededRandom(seed);
    const root = mkdtempSync(join(tmpdir(), 'svc-parents-'));
    roots.push(root);
    mkdirSync(join(root, 'content/pages'), { recursive: true });
    writeFileSync(join(root, 'content/site.yaml'), SITE_YAML);
    const store = new ContentStore({ root, clock: () => Date.parse('2026-03-10T12:00:00Z'), log: () => {} });
    const ids: string[] = [];
    const write = (id: string, language: string) => {
      const status = STATUSES[Math.floor(random() * STATUSES.length)]!;
      const day = String(1 + Math.floor(random() * 28)).padStart(2, '0');
      mkdirSync(join(root, 'content', id), { recursive: true });
      writeFileSync(join(root, 'content', id, `${language}.md`), `---\ntitle: Page ${id}\nstatus: ${status}\ndate: 2026-02-${day} 10:00\n---\nText.\n`);
    };
    for (let step = 0; step < 150; step++) {
      const roll = random();
      if (roll < 0.5 || ids.length === 0) {
        // A top-level page, or a child (or grandchild) of one already there.
        const parents = ids.filter((id) => id.split('/').length < 4);
        const parent = parents.length > 0 && random() < 0.75 ? parents[Math.floor(random() * parents.length)]! : 'pages';
        const id = `${parent}/p-${step}`;
        ids.push(id);
        write(id, 'en');
        if (random() < 0.5) write(id, 'de');
        store.invalidate(id);
      } else if (roll < 0.85) {
        const id = ids[Math.floor(random() * ids.length)]!;
        write(id, random() < 0.7 ? 'en' : 'de');
        store.invalidate(id);
      } else {
        // Deleting a page takes its children with it.
        const id = ids[Math.floor(random() * ids.length)]!;
        rmSync(join(root, 'content', id), { recursive: true, force: true });
        for (const gone of ids.filter((other) => other === id || other.startsWith(`${id}/`))) ids.splice(ids.indexOf(gone), 1);
        store.invalidate();
      }
      if (step % 10 !== 9) continue;
      for (const parent of ids) {
        for (const language of ['en', 'de']) {
          for (const status of ['any', ...STATUSES] as const) {
            const expected = scan(store, parent, language, status);
            const query = { type: 'page', language, status, parent };
            assert.deepEqual(listEntries(store, query).rows.map((row) => row.entry.id), expected, `${seed}/${step} ${parent} ${language} ${status}`);
            assert.equal(listEntries(store, query).total, expected.length);
            assert.deepEqual(listEntries(store, query, { offset: 1, limit: 2 }).rows.map((row) => row.entry.id), expected.slice(1, 3));
          }
        }
      }
    }
  }
});
