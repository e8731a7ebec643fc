// The Content API's answers as types, taken from their schemas (api-schemas.ts), and a check at compile time
// that what the code makes for the endpoints whose handlers are not typed from them yet is such an answer:
// a report function that gains, loses or retypes a key no longer compiles until its schema (and with it
// openapi.json) says the same. Types only: nothing of this file is there at run time.
import type { z } from 'zod';
import type * as Schemas from './api-schemas.js';
import type { statsReport } from '../../stats/api-report.js';
import type { statsGoals } from '../../stats/goal-report.js';
import type { statsFunnel } from '../../stats/funnel-report.js';

export type SiteAnswer = z.output<typeof Schemas.siteAnswer>;
export type EntriesAnswer = z.output<typeof Schemas.entriesAnswer>;
export type EntryAnswer = z.output<typeof Schemas.entryAnswer>;
export type StatsAnswer = z.output<typeof Schemas.statsAnswer>;
export type StatsGoalsAnswer = z.output<typeof Schemas.statsGoalsAnswer>;
export type StatsFunnelAnswer = z.output<typeof Schemas.statsFunnelAnswer>;
/** One change as GET /changes shows it, and its answer: what changes-endpoint.ts returns. */
export type ShownChange = z.output<typeof Schemas.changeSchema>;
export type ChangesAnswer = z.output<typeof Schemas.changesAnswer>;

/** `Made` where it is assignable to `Described`, else a compile error naming both. */
type Conforms<Made extends Described, Described> = [Made, Described];
/** Keys `Made` has that `Described` lacks: the document would not know them. */
type Unknown<Made, Described> = Exclude<keyof Made, keyof Described>;
type None<Keys extends never> = Keys;

/**
 * countries, devices and browsers are left out: api-report.ts makes their rows with a computed key, typed
 * `{[key: string]: ...}`, which no schema can check; the answers the tests receive are checked instead
 * (test/helpers/api-answer-watch.ts).
 */
type RowsOfComputedKey = 'countries' | 'devices' | 'browsers';
export type StatsReportConforms = Conforms<Omit<ReturnType<typeof statsReport>, RowsOfComputedKey>, Omit<StatsAnswer, RowsOfComputedKey>>;
export type StatsReportKeysKnown = None<Unknown<ReturnType<typeof statsReport>, StatsAnswer>>;
export type GoalsReportConforms = Conforms<ReturnType<typeof statsGoals>, StatsGoalsAnswer>;
export type GoalsReportKeysKnown = None<Unknown<ReturnType<typeof statsGoals>, StatsGoalsAnswer>>;
export type GoalRowKeysKnown = None<Unknown<ReturnType<typeof statsGoals>['goals'][number], StatsGoalsAnswer['goals'][number]>>;
export type FunnelReportConforms = Conforms<ReturnType<typeof statsFunnel>, StatsFunnelAnswer>;
export type FunnelReportKeysKnown = None<Unknown<ReturnType<typeof statsFunnel>, StatsFunnelAnswer>>;
export type FunnelStepKeysKnown = None<Unknown<ReturnType<typeof statsFunnel>['steps'][number], StatsFunnelAnswer['steps'][number]>>;
