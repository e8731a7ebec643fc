// A funnel's steps: 2 to 8, each a page (a path or a pattern with `*`), a goal of the site (`goal:<id>`) or
// a custom event (`event:<name>`). Written as texts in addresses and tool arguments; read here once, with a
// sentence for anything that cannot be a step.
import { AppError } from '../errors.js';
import { compilePattern, patternProblem } from './path-pattern.js';
import { compileGoal, type CompiledGoal, type Goal } from './goals.js';

export const MIN_STEPS = 2;
export const MAX_STEPS = 8;

export interface FunnelStep {
  /** as written */
  text: string;
  /** how it reads: the path, the goal's name or the event's */
  label: string;
  /** what a page view or event must be to reach the step */
  match: CompiledGoal;
}

const invalid = (sentence: string) => new AppError('invalid_params', sentence);

/** The steps of a funnel from their texts; `goals` are the site's (for `goal:<id>`). */
export function parseFunnel(texts: readonly string[], goals: readonly Goal[]): FunnelStep[] {
  if (texts.length < MIN_STEPS || texts.length > MAX_STEPS) throw invalid(`A funnel has ${MIN_STEPS} to ${MAX_STEPS} steps; this one has ${texts.length}.`);
  return texts.map((text, i) => {
    const n = i + 1;
    if (typeof text !== 'string') throw invalid(`Step ${n} must be a page (/path or /pattern/*), goal:<id> or event:<name>.`);
    if (text.startsWith('goal:')) {
      const goal = goals.find((g) => g.id === text.slice(5));
      if (!goal) throw invalid(`Step ${n} names the goal ${text.slice(5, 40)}, which the site does not have; stats_goals lists the goals and their ids.`);
      return { text, label: goal.name, match: compileGoal(goal) };
    }
    if (text.startsWith('event:')) {
      const name = text.slice(6).trim();
      if (name === '' || name.length > 100) throw invalid(`Step ${n} must name an event of 1 to 100 characters after event:.`);
      return { text, label: name, match: compileGoal({ id: 'step', name, kind: 'event', event: name }) };
    }
    const problem = patternProblem(text);
    if (problem) throw invalid(`Step ${n} must be a page (/path or /pattern/*), goal:<id> or event:<name>: the page ${problem}.`);
    return { text, label: text, match: { goal: { id: 'step', name: text, kind: 'page', pattern: text }, pattern: compilePattern(text), minScroll: 0, event: null } };
  });
}
