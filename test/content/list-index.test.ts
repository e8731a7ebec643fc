// The sorted lists answer every list query exactly as a full scan and sort of the store's entries does, and
// the path index names the owner a scan of every claim names, after
// seeded random sequences of creates, edits, publishes, schedules, deletions on disk and the clock moving on.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ContentStore } from '../../dist/content/store.js';
import { listEntries, type EntryQuery } from '../../dist/content/query.js';
import { parseSiteTime } from '../../dist/lib/time-zone.js';
import { seededRandom } from '../../dist/cli/demo-traffic/seed-random.js';
import { fullScanView, indexView, lookupView } from '../helpers/index-view.ts';
import { waitFor } from '../helpers/wait-for.ts';

const SITE_YAML = `title: Lists
languages: { en: English, de: Deutsch }
default_language: en
timezone: Europe/Berlin
categories:
  journal: { label: Journal }
  events:
    label: Events
    kind: date
    fields:
      start: { type: time, label: Start, required: false }
`;
const TAGS = ['alps', 'food', 'rain'];
const CATEGORIES = [null, 'journal', 'events'];
const STATUSES = ['draft', 'published', 'scheduled'] as const;
const roots: string[] = [];
after(() => { for (const root of roots) rmSync(root, { recursive: true, force: true }); });

/**
 * The reference for the public paths: every translation's claim gathered at once, a published claimant
 * before one that is not, then the lowest id, then the language.
 */
function pathsByScan(store: ContentStore): Map<string, string> {
  const claims = new Map<string, Array<{ id: string; language: string; published: boolean }>>();
  for (const entry of store.entries()) {
    for (const translation of entry.translations.values()) {
      const list = claims.get(translation.path) ?? [];
      list.push({ id: entry.id, language: translation.language, published: translation.status === 'published' });
      claims.set(translation.path, list);
    }
  }
  const owners = new Map<string, string>();
  for (const [path, list] of claims) {
    list.sort((a, b) => Number(b.published) - Number(a.published) || (a.id < b.id ? -1 : a.id > b.id ? 1 : a.language < b.language ? -1 : 1));
    owners.set(path, `${list[0]!.id}:${list[0]!.language}`);
  }
  return owners;
}

/** The reference: the scan and sort the lists replaced. */
function scanAndSort(store: ContentStore, query: EntryQuery): string[] {
  const site = store.site();
  const now = store.now();
  const words = query.search ? query.search.toLowerCase().split(/\s+/).filter(Boolean) : [];
  const byStart = query.category !== undefined && site.categories[query.category]?.kind === 'date';
  const rows: Array<{ key: string; id: string; sortKey: number }> = [];
  for (const entry of store.entries()) {
    if (entry.type.key !== query.type) continue;
    const translation = entry.translations.get(query.language);
    if (!translation) continue;
    if (query.status && query.status !== 'any' && translation.status !== query.status) continue;
    if (query.tag && !translation.tags.includes(query.tag)) continue;
    if (query.category && translation.category !== query.category) continue;
    if (words.length > 0 && !words.every((word) => translation.title.toLowerCase().includes(word))) continue;
    let sortKey = -translation.dateMs;
    if (byStart) {
      const start = translation.start !== null ? parseSiteTime(translation.start, site.timezone) : null;
      if (query.upcomingOnly && (start === null || start < now)) continue;
      sortKey = start ?? Number.MAX_SAFE_INTEGER;
    }
    if (query.visible && !query.visible(entry, translation)) continue;
    rows.push({ key: `${entry.id}:${translation.title}:${translation.status}`, id: entry.id, sortKey });
  }
  // Ties by entry id (not by the whole key: `e-4:` sorts after `e-40:`).
  rows.sort((a, b) => a.sortKey - b.sortKey || (a.id < b.id ? -1 : 1));
  return rows.map((row) => row.key);
}

const siteTime = (ms: number) => new Date(ms + 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

function writeTranslation(root: string, id: string, language: string, random: () => number, now: number): void {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const status = pick(STATUSES);
  const when = siteTime(now + Math.round((random() - 0.6) * 40) * 3_600_000);
  const tags = TAGS.filter(() => random() < 0.4);
  const category = id.startsWith('posts/') ? pick(CATEGORIES) : null;
  const lines = [`title: "${pick(['Rain', 'Sun', 'Snow'])} ${pick(['walk', 'lunch', 'hut'])} ${Math.floor(random() * 5)}"`, `status: ${status}`, `date: ${siteTime(now - Math.floor(random() * 900) * 3_600_000)}`];
  if (status !== 'draft') lines.push(`published: ${when}`);
  if (tags.length) lines.push(`tags: [${tags.join(', ')}]`);
  // A slug several translations share: the path index must hand the path on when its owner goes.
  if (random() < 0.15) lines.push('slug: shared');
  if (category) lines.push(`category: ${category}`);
  if (category === 'events' && random() < 0.8) lines.push(`start: ${siteTime(now + Math.round((random() - 0.5) * 60) * 3_600_000)}`);
  mkdirSync(join(root, 'content', id), { recursive: true });
  writeFileSync(join(root, 'content', id, `${language}.md`), `---\n${lines.join('\n')}\n---\nText.\n`);
}

function queries(random: () => number): EntryQuery[] {
  const out: EntryQuery[] = [];
  for (const type of ['post', 'page']) {
    for (const language of ['en', 'de']) {
      for (const status of ['any', ...STATUSES] as const) {
        out.push({ type, language, status });
        for (const tag of TAGS) out.push({ type, language, status, tag });
        for (const category of ['journal', 'events']) {
          out.push({ type, language, status, category });
          out.push({ type, language, status, category, upcomingOnly: true, ...(random() < 0.5 ? { tag: TAGS[0]! } : {}) });
        }
        out.push({ type, language, status, search: 'rain' });
        out.push({ type, language, status, visible: (entry, translation) => translation.status === 'published' || entry.id.length % 2 === 0 });
      }
    }
  }
  return out;
}

test('the sorted lists and the public paths equal a scan after random changes on disk, for every filter and window (seeded)', async () => {
  for (const seed of [1, 2, 3]) {
    const random = seededRandom(seed);
    const root = mkdtempSync(join(tmpdir(), 'svc-lists-'));
    roots.push(root);
    mkdirSync(join(root, 'content', 'posts'), { recursive: true });
    mkdirSync(join(root, 'content', 'pages'), { recursive: true });
    writeFileSync(join(root, 'content', 'site.yaml'), SITE_YAML);
    const clock = { now: Date.parse('2026-03-10T12:00:00Z') };
    const store = new ContentStore({ root, clock: () => clock.now, log: () => {} });
    const ids: string[] = [];
    for (let step = 0; step < 120; step++) {
      const roll = random();
      if (roll < 0.45 || ids.length === 0) {
        const id = `${random() < 0.8 ? 'posts' : 'pages'}/e-${step}`;
        ids.push(id);
        writeTranslation(root, id, 'en', random, clock.now);
        if (random() < 0.6) writeTranslation(root, id, 'de', random, clock.now);
        store.invalidate(id);
      } else if (roll < 0.75) {
        const id = ids[Math.floor(random() * ids.length)]!;
        writeTranslation(root, id, random() < 0.7 ? 'en' : 'de', random, clock.now);
        store.invalidate(id);
      } else if (roll < 0.85) {
        const id = ids.splice(Math.floor(random() * ids.length), 1)[0]!;
        rmSync(join(root, 'content', id), { recursive: true, force: true });
        store.invalidate(id);
      } else if (roll < 0.95) {
        clock.now += Math.floor(random() * 30) * 3_600_000;
      } else {
        store.invalidate();
      }
      store.entries();
      const owners = pathsByScan(store);
      for (const [path, owner] of owners) {
        const found = store.atPath(path);
        assert.equal(found && `${found.entry.id}:${found.translation.language}`, owner, `seed ${seed} step ${step} path ${path}`);
        assert.equal(found!.entry, store.indexed(found!.entry.id), `seed ${seed} step ${step}: the entry at ${path} is stale`);
        assert.equal(found!.translation, found!.entry.translations.get(found!.translation.language));
      }
      for (let n = 0; n < step; n++) if (!owners.has(`/e-${n}`)) assert.equal(store.atPath(`/e-${n}`), undefined, `seed ${seed} step ${step}: /e-${n} is gone`);
      if (step % 10 !== 9) continue;
      for (const query of queries(random)) {
        const all = scanAndSort(store, query);
        const offset = Math.floor(random() * 4);
        const limit = 1 + Math.floor(random() * 5);
        const key = (row: { entry: { id: string }; translation: { title: string; status: string } }) => `${row.entry.id}:${row.translation.title}:${row.translation.status}`;
        const whole = listEntries(store, query);
        assert.deepEqual(whole.rows.map(key), all, `seed ${seed} step ${step} ${JSON.stringify(query)}`);
        // A row whose translation did not change still names the entry's current object (its other languages).
        for (const row of whole.rows) assert.equal(row.entry, store.indexed(row.entry.id), `seed ${seed} step ${step}: ${row.entry.id} is stale`);
        assert.equal(whole.total, all.length);
        const page = listEntries(store, query, { offset, limit });
        assert.deepEqual(page.rows.map(key), all.slice(offset, offset + limit));
        assert.equal(page.total, all.length);
      }
    }
  }
});

test('a running store equals a full scan after writes, publishes, schedules, hand edits and deletions on disk (pages with their children), across persisting and reloading, in every list, path, count and look-up by id (seeded)', async () => {
  for (const seed of [4, 5, 6]) {
    const random = seededRandom(seed);
    const root = mkdtempSync(join(tmpdir(), 'svc-lists-'));
    roots.push(root);
    mkdirSync(join(root, 'content', 'posts'), { recursive: true });
    mkdirSync(join(root, 'content', 'pages'), { recursive: true });
    writeFileSync(join(root, 'content', 'site.yaml'), SITE_YAML);
    const clock = { now: Date.parse('2026-03-10T12:00:00Z') };
    const open = () => new ContentStore({ root, clock: () => clock.now, log: () => {}, cacheDir: join(root, 'data', 'cache') });
    let store = open();
    const ids: string[] = [];
    // Every id there ever was: a look-up of a deleted one must find nothing.
    const everIds = new Set<string>();
    let revision = 0;
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const fileOf = (id: string, language: string) => join(root, 'content', id, `${language}.md`);
    // Every write grows its file by 1,000 bytes over the last: a change never keeps its file's stamp, however
    // quickly it follows the one before.
    const write = (id: string, language: string) => {
      writeTranslation(root, id, language, random, clock.now);
      appendFileSync(fileOf(id, language), '.'.repeat(1000 * ++revision));
    };
    const restatus = (id: string, status: 'published' | 'scheduled', at: number) => {
      const language = pick(readdirSync(join(root, 'content', id)).filter((name) => name.endsWith('.md'))).slice(0, -3);
      const text = readFileSync(fileOf(id, language), 'utf8').replace(/^status: .*$/m, `status: ${status}`).replace(/^published: .*\n/m, '');
      writeFileSync(fileOf(id, language), text.replace(/^status: .*$/m, `$&\npublished: ${siteTime(at)}`) + '.'.repeat(1000 * ++revision));
    };
    for (let step = 0; step < 100; step++) {
      const roll = random();
      // What a writer in this process does tells the store (invalidate); a hand edit, another process or git does not.
      const byHand = random() < 0.5;
      if (roll < 0.3 || ids.length === 0) {
        // Some pages are children of another page (deleting the parent's folder takes them along).
        const parents = ids.filter((id) => id.startsWith('pages/') && id.split('/').length === 2);
        const id = random() < 0.8 ? `posts/e-${step}` : parents.length > 0 && random() < 0.5 ? `${pick(parents)}/c-${step}` : `pages/e-${step}`;
        ids.push(id);
        everIds.add(id);
        write(id, 'en');
        if (random() < 0.5) write(id, 'de');
        if (!byHand) store.invalidate(id);
      } else if (roll < 0.5) {
        const id = pick(ids);
        write(id, random() < 0.7 ? 'en' : 'de');
        if (!byHand) store.invalidate(id);
      } else if (roll < 0.6) {
        const id = pick(ids);
        restatus(id, random() < 0.5 ? 'published' : 'scheduled', clock.now + Math.round((random() - 0.5) * 20) * 3_600_000);
        if (!byHand) store.invalidate(id);
      } else if (roll < 0.7) {
        const id = ids.splice(Math.floor(random() * ids.length), 1)[0]!;
        rmSync(join(root, 'content', id), { recursive: true, force: true });
        for (let at = ids.length - 1; at >= 0; at--) if (ids[at]!.startsWith(`${id}/`)) ids.splice(at, 1);
        if (!byHand) store.invalidate(id);
      } else if (roll < 0.8) {
        clock.now += Math.floor(random() * 12) * 3_600_000;
      } else if (roll < 0.9) {
        // Kept, closed, and a new store started from what was kept, with hand edits made in between.
        await store.persistIndex();
        store.close();
        if (ids.length > 0) write(pick(ids), 'en');
        store = open();
      } else {
        store.invalidate();
      }
      store.entries();
      if (step % 8 !== 7) continue;
      const current = store;
      const lookups = [...everIds];
      // The look-ups first, before any page view or list has made an entry's object.
      await waitFor(() => assert.deepEqual({ lookups: lookupView(current, lookups), ...indexView(current) as object }, fullScanView(root, () => clock.now, lookups), `seed ${seed} step ${step}`));
    }
    store.close();
  }
});
