// Goals: what counts as a conversion. A page visit (a path or a pattern with `*`), a custom event by name,
// a scroll depth on pages matching a pattern, an outbound link click or a file download (the events the
// site script sends for them, named as Plausible names them). Goals are definitions only: they are applied
// to the visit tables when asked, so a goal defined today counts the days already collected.
import { AppError } from '../errors.js';
import { compilePattern, patternProblem, type PathPattern } from './path-pattern.js';

export const GOAL_KINDS = ['page', 'event', 'scroll', 'outbound', 'download'] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];
/** The events the site script sends for outbound links and downloads (beacon.js). */
export const OUTBOUND_EVENT = 'Outbound Link: Click';
export const DOWNLOAD_EVENT = 'File Download';
export const MAX_GOALS = 50;
const MAX_NAME = 100;

export interface Goal {
  id: string;
  name: string;
  kind: GoalKind;
  /** page and scroll: the path pattern */
  pattern?: string;
  /** event: the event's name */
  event?: string;
  /** scroll: the least scroll depth in percent */
  scroll?: number;
}

export interface GoalInput { name?: unknown; kind?: unknown; pattern?: unknown; event?: unknown; scroll?: unknown }

const invalid = (sentence: string) => new AppError('invalid_params', sentence);

function cleanText(value: unknown, what: string): string {
  if (typeof value !== 'string') throw invalid(`${what} is missing.`);
  const text = value.trim();
  if (text === '' || text.length > MAX_NAME || /[\u0000-\u001f\u007f]/.test(text)) throw invalid(`${what} must be 1 to ${MAX_NAME} characters without control characters.`);
  return text;
}

/** A goal from what a person entered (without its id); throws a sentence naming the field that is wrong. */
export function checkGoal(input: GoalInput): Omit<Goal, 'id'> {
  if (!(GOAL_KINDS as readonly unknown[]).includes(input.kind)) throw invalid(`The kind of goal must be one of ${GOAL_KINDS.join(', ')}.`);
  const kind = input.kind as GoalKind;
  const pattern = () => {
    const problem = patternProblem(input.pattern);
    if (problem) throw invalid(`The page ${problem}.`);
    return input.pattern as string;
  };
  switch (kind) {
    case 'page': {
      const path = pattern();
      return { name: input.name === undefined || input.name === '' ? `Visit ${path}` : cleanText(input.name, 'The name'), kind, pattern: path };
    }
    case 'event': {
      const event = cleanText(input.event, 'The event name');
      return { name: input.name === undefined || input.name === '' ? event : cleanText(input.name, 'The name'), kind, event };
    }
    case 'scroll': {
      const path = pattern();
      const scroll = typeof input.scroll === 'string' && /^\d{1,3}$/.test(input.scroll) ? Number(input.scroll) : input.scroll;
      if (typeof scroll !== 'number' || !Number.isInteger(scroll) || scroll < 1 || scroll > 100) throw invalid('The scroll depth must be a whole percent from 1 to 100.');
      return { name: input.name === undefined || input.name === '' ? `Scroll ${scroll}% on ${path}` : cleanText(input.name, 'The name'), kind, pattern: path, scroll };
    }
    case 'outbound':
      return { name: input.name === undefined || input.name === '' ? 'Outbound link clicks' : cleanText(input.name, 'The name'), kind };
    case 'download':
      return { name: input.name === undefined || input.name === '' ? 'File downloads' : cleanText(input.name, 'The name'), kind };
  }
}

/** What a goal asks of a visit table: pages (with a least scroll) or an event name. */
export interface CompiledGoal {
  goal: Goal;
  pattern: PathPattern | null;
  minScroll: number;
  event: string | null;
}

export function compileGoal(goal: Goal): CompiledGoal {
  const event = goal.kind === 'event' ? goal.event! : goal.kind === 'outbound' ? OUTBOUND_EVENT : goal.kind === 'download' ? DOWNLOAD_EVENT : null;
  return { goal, pattern: goal.pattern !== undefined && event === null ? compilePattern(goal.pattern) : null, minScroll: goal.kind === 'scroll' ? goal.scroll! : 0, event };
}

/** How a goal reads in a sentence or a table. */
export function goalTarget(goal: Goal): string {
  switch (goal.kind) {
    case 'page': return goal.pattern!;
    case 'event': return goal.event!;
    case 'scroll': return `${goal.scroll}% of ${goal.pattern}`;
    case 'outbound': return OUTBOUND_EVENT;
    case 'download': return DOWNLOAD_EVENT;
  }
}
