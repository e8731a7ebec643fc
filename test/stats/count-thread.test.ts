// The second counting thread (store/table-count-thread.ts, serving table-question-worker.ts): the visit
// tables it counts for a set of filters give exactly the figures counted on the main thread, every dimension
// and every kind of filter, keys named like Object properties included, and so do goals and funnels; a table
// the store let go is let go by the thread too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { makeTestSite } from '../helpers/test-site.ts';
import { seedStats } from '../../dist/cli/demo-traffic/seed.js';
import { addDays, eachDay, monthOf } from '../../dist/lib/day-math.js';
import type { CountUnit } from '../../src/stats/store/table-count-thread.ts';
import { countTable, type FigureParts } from '../../dist/stats/filtered-figures.js';
import { answerQuestion, readsPageIndex, type ConversionQuestion } from '../../dist/stats/table-questions.js';
import type { Goal } from '../../src/stats/goals.ts';
import { addTableCount, emptyFigures } from '../../dist/stats/table-count.js';
import { parseFilters } from '../../dist/stats/stats-filters.js';
import type { VisitTable } from '../../src/stats/store/visit-table.ts';

import { TableCountThread } from '../../dist/stats/store/table-count-thread.js';

// Without taking, the main thread waits as long as it takes for the thread's share; with patience 0 it counts
// itself, at once, whatever the thread has not answered when it is done with its own (a thread held up).
const VARIANTS = [
  { steal: false, minPatienceMs: 60_000, name: '' },
  { steal: true, minPatienceMs: 20, name: ', each side taking the other\'s tables when done' },
  { steal: true, minPatienceMs: 0, name: ', the main thread counting what the other has not answered when it is done' },
];
for (const { steal, minPatienceMs, name } of VARIANTS) test(`tables counted on the second thread give exactly the figures counted on the main one${name}`, async () => {
  const site = await makeTestSite();
  const stats = site.deps.stats;
  const thread = new TableCountThread({
    count: answerQuestion,
    workerUrl: new URL('../../dist/stats/table-question-worker.js', import.meta.url),
    readsPageIndex,
    trustedFolders: stats.files.trusted,
    holds: (table) => stats.files.holdsVisits(table),
    pageIndexPath: (table) => (table.day.length === 7 ? stats.files.pageIndexPath(table.day) : null),
    minPageviews: 0,
    // Without taking, the thread counts its share every time (tiny tables: the main thread, done first,
    // would otherwise often take them all); with it, whoever counts a table, the figures are the same.
    steal,
    minPatienceMs,
  });
  try {
    seedStats(stats, site.deps.content, { days: 75, pageviewsPerDay: 120, rawDays: 2, seed: 9 });
    stats.files.forget(); // read back from the files, as a fresh process does
    const today = stats.today();
    const units: CountUnit[] = [];
    const months = new Set<string>();
    for (const day of eachDay(addDays(today, -74), addDays(today, -1))) {
      const month = monthOf(day);
      const table = (months.has(month) ? null : stats.files.readVisits(month)) ?? stats.files.readVisits(day);
      if (!table || (table.day === month && months.has(month))) continue;
      if (table.day === month) months.add(month);
      units.push({ table });
    }
    assert.ok(months.size >= 1 && units.length >= 3, 'whole months and single days to count');
    const here = (table: VisitTable, filters: ReturnType<typeof parseFilters>, parts?: FigureParts) => countTable(table, filters, parts);
    const figuresOf = (table: VisitTable) => {
      const figures = emptyFigures(table.day, table.day);
      addTableCount(figures, countTable(table, []), table.names);
      return figures;
    };
    // The first count starts the thread; not loaded yet, it takes no share: every table is counted here.
    const first = thread.count(units, { kind: 'figures', filters: [], parts: null });
    assert.equal(thread.handedOver, 0, 'the thread, still loading, counted nothing');
    assert.deepEqual(first, units.map((unit) => here(unit.table, [])), 'every table counted while the thread loads');
    for (let waited = 0; !thread.ready && waited < 20_000; waited += 20) await sleep(20);
    assert.ok(thread.ready, 'the thread started');

    const rows = (record: Record<string, unknown>) => Object.keys(record)[0]!;
    const sample = figuresOf(units[0]!.table).rollup;
    const sets = [[], [`country:${rows(sample.countries)}`], [`page:${rows(sample.pages)}`], [`device:${rows(sample.devices)}`, `source:${rows(sample.referrers)}`], [`page:${rows(sample.pages)}`, `browser:${rows(sample.browsers)}`]];
    for (const set of sets) {
      for (const parts of [undefined, new Set(['pages'] as const), new Set(['entries', 'events', 'country'] as const)]) {
        const filters = parseFilters(set);
        const before = thread.handedOver;
        const counted = thread.count(units, { kind: 'figures', filters, parts: parts ? [...parts] : null });
        if (!steal) assert.ok(thread.handedOver > before, `the thread counted some tables for ${set}`);
        assert.deepEqual(counted, units.map((unit) => here(unit.table, filters, parts)), `${set} ${parts ? [...parts] : 'all'}`);
      }
    }
    // Goals and funnels cross as plain data too, and come back as the main thread counts them.
    const goals = [{ id: 'home', name: 'Home', kind: 'page', pattern: '/' }, { id: 'deep', name: 'Deep', kind: 'scroll', pattern: '/*', scroll: 60 }, { id: 'e', name: 'E', kind: 'event', event: rows(sample.events) }] as Goal[];
    for (const set of sets) {
      const filters = parseFilters(set);
      for (const question of [{ kind: 'goals', filters, goals }, { kind: 'funnel', filters, steps: ['/', '/*', 'goal:deep'], goals }] as ConversionQuestion[]) {
        const before = thread.handedOver;
        const counted = thread.count(units, question);
        if (!steal) assert.ok(thread.handedOver > before, `the thread counted some tables for ${question.kind} ${set}`);
        assert.deepEqual(counted, units.map((unit) => answerQuestion(unit.table, question)), `${question.kind} ${set}`);
      }
    }
  } finally {
    thread.close();
    site.cleanup();
  }
});
