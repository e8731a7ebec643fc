// The statistics store: what svc keeps of its visitors under data/stats and how it is read back. Day logs go
// in (one line per page view, engagement report, event, consent decision, bot hit: raw-event.ts), are
// counted as they grow (today: day-aggregator.ts, live-day.ts) and rolled up once a day is over into the
// files every question reads (catch-up.ts): a rollup per day and month (rollup.ts, rollup-files.ts) and a
// visit table per day and month (visit-table.ts), with their page indexes and run ordinals, and a second
// thread that counts tables beside this one (table-count-thread.ts).
// The reports, the collection and the tools above enter it here and nowhere else (test/architecture.test.ts
// holds that); it knows nothing of them: what a question counts in a table is handed to it.

// The day logs and what their lines say.
export { AppendLog } from './append-log.js';
export { CONSENT_CATEGORIES, type RawLine, type BotLogLine, type PageviewLine, type EventLine } from './raw-event.js';

// Rollups: the counts of a day, a month or a range, and where they are kept.
export {
  OTHER, emptyRollup, emptyPage, mergeInto, capRollup, agreedAny, own, put,
  type Rollup, type PageRollup, type CrawlerRollup, type Pair, type PairDimension,
} from './rollup.js';
export { RollupFiles } from './rollup-files.js';
export { finishedDays } from './rollup-range.js';
export { catchUpRollups, rollupDay, rollupMonth, type CatchUpResult } from './catch-up.js';

// Counting a day as its lines come (today, and a day rolled up).
export { DayAggregator } from './day-aggregator.js';
export { DIRECT } from './visit-tracker.js';
export { READ_MIN_MS, READ_MIN_SCROLL } from './engagement-table.js';
export { LiveDay } from './live-day.js';
export { TodayCounter } from './today-counter.js';

// Visit tables: a day's page views as runs, for filters, goals, funnels and properties.
export { RUN_FACETS, NEW_VISITOR, VISIT_START, VISIT_END, BOUNCE, type RunFacet, type VisitTable } from './visit-table.js';
export { VisitRecorder, MAX_VALUES_PER_PROP_DAY, MAX_PROP_NAMES_DAY } from './visit-recorder.js';
export { mergeVisitTables } from './visit-table-month.js';
export { RangeTables } from './range-tables.js';
export { pageIndexOf, type PageIndex } from './visit-page-index.js';
export { runOrdinals, popcount, visitorOf, visitorOfRun, pageViewVisitorStarts, type RunOrdinals } from './run-ordinals.js';

// Counting tables on both cores.
export { TableCountThread, type TableCountThreadOptions } from './table-count-thread.js';
export { serveTableCounts, type TableCounter } from './table-count-worker.js';
