// What a content store's index holds, as plain data to compare: every entry with its translations' summary
// fields, the ids every list query answers, and who answers at every path. Two stores that agree here answer every list and every
// summary alike, whether their index came from the files, a persisted index or changes on the way.
import { ContentStore } from '../../dist/content/store.js';
import { listEntries } from '../../dist/content/query.js';
import { SUMMARY_FIELDS } from '../../dist/content/list-engine/translation-columns.js';
import type { Entry } from '../../src/content/entries/types.ts';

/** An entry's fields and its translations' summaries, as plain data. */
function entryView(entry: Entry): unknown {
  return {
    id: entry.id, type: entry.type.key, dir: entry.dir, slug: entry.slug, parentId: entry.parentId, style: entry.style,
    styleMtimeMs: entry.styleMtimeMs, styleSize: entry.styleSize,
    translations: [...entry.translations.values()].sort((a, b) => (a.language < b.language ? -1 : 1)).map((translation) => ({
      file: translation.file,
      ...Object.fromEntries(Object.keys(SUMMARY_FIELDS).map((field) => [field, translation[field as keyof typeof SUMMARY_FIELDS]])),
    })),
  };
}

/**
 * What the store answers when asked by id (its look-up, not a pass over every entry) for each of `ids`,
 * the gone ones too, and its counts per type. Asking twice hands out the same object.
 */
export function lookupView(store: ContentStore, ids: readonly string[]): unknown {
  const byId = ids.map((id) => {
    const entry = store.indexed(id);
    if (entry !== store.indexed(id)) throw new Error(`${id}: a second look-up handed out another object`);
    return entry ? entryView(entry) : `${id} none`;
  });
  return { byId, counts: store.counts() };
}

export function indexView(store: ContentStore): unknown {
  const site = store.site();
  const entries = [...store.entries()].sort((a, b) => (a.id < b.id ? -1 : 1)).map((entry) => entryView(entry) as { translations: Array<{ path: string }> });
  const lists: Record<string, string[]> = {};
  const tags = new Set(store.entries().flatMap((entry) => [...entry.translations.values()].flatMap((translation) => translation.tags)));
  for (const type of site.types) {
    for (const language of Object.keys(site.languages)) {
      for (const status of ['any', 'draft', 'published', 'scheduled'] as const) {
        const narrows = [{}, ...[...tags].map((tag) => ({ tag })), ...Object.keys(site.categories).flatMap((category) => [{ category }, { category, upcomingOnly: true }])];
        for (const narrow of narrows) {
          const query = { type: type.key, language, status, ...narrow };
          lists[JSON.stringify(query)] = listEntries(store, query).rows.map(({ entry, translation }) => `${entry.id} ${translation.title}`);
        }
      }
    }
  }
  // Who answers at every path a translation claims.
  const paths = entries.flatMap((entry) => entry.translations.map((translation) => translation.path as string)).sort().map((path) => {
    const found = store.atPath(path);
    return `${path} ${found?.entry.id} ${found?.translation.language}`;
  });
  return { entries, lists, paths };
}

/** The index a store reading every file now builds (no persisted index, nothing kept); with `ids`, its look-ups too. */
export function fullScanView(root: string, clock: () => number, ids?: readonly string[]): unknown {
  const store = new ContentStore({ root, clock, log: () => {} });
  try {
    return ids ? { ...indexView(store) as object, lookups: lookupView(store, ids) } : indexView(store);
  } finally {
    store.close();
  }
}
