// What the counting threads (store/table-count-thread.ts) are asked of one visit table: its filtered figures
// (filtered-figures.ts), goals' conversions (goal-count.ts) or a funnel's steps (funnel-count.ts). A question
// crosses to the other thread as plain data (filters, the parts asked, the goals' definitions, the funnel's
// step texts) and each side compiles it: a question over 400 days is counted on both cores.
import type { VisitTable } from './store/stats-store.js';
import { countTable, type FigureParts } from './filtered-figures.js';
import type { TableCount } from './table-count.js';
import { countGoals } from './goal-count.js';
import { countFunnel } from './funnel-count.js';
import { compileGoal, type Goal } from './goals.js';
import { parseFunnel } from './funnel.js';
import type { StatsFilter } from './stats-filters.js';

export type ConversionQuestion =
  | { kind: 'goals'; filters: StatsFilter[]; goals: Goal[] }
  | { kind: 'funnel'; filters: StatsFilter[]; steps: string[]; goals: Goal[] };
/** `parts`: the figures asked (FigureParts), or null for all. */
export type TableQuestion = { kind: 'figures'; filters: StatsFilter[]; parts: string[] | null } | ConversionQuestion;
/** Figures (null: nothing matched), or two numbers a goal, or one a funnel step. */
export type TableAnswer = TableCount | Float64Array | null;

export function answerQuestion(table: VisitTable, question: TableQuestion): TableAnswer {
  switch (question.kind) {
    case 'figures': return countTable(table, question.filters, question.parts ? (new Set(question.parts) as FigureParts) : undefined);
    case 'goals': return countGoals(table, question.filters, question.goals.map(compileGoal));
    case 'funnel': return countFunnel(table, question.filters, parseFunnel(question.steps, question.goals));
  }
}

/** Whether a question reads the tables' page indexes (it has a page filter): see TableCountThread. */
export function readsPageIndex(question: TableQuestion): boolean {
  return question.filters.some((filter) => filter.dimension === 'page');
}
