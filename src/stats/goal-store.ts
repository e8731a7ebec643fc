// The site's goals in `data/stats/goals.json`, changed under a lock file (the server and a stdio process
// may both read; only the panel writes) and written atomically, so a goal is never half saved or lost.
import { randomBytes } from '../lib/node-builtins.js';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { withFileLock } from '../lib/file-lock.js';
import { readTextNoFollow } from '../lib/no-follow.js';
import { AppError } from '../errors.js';
import { checkGoal, MAX_GOALS, GOAL_KINDS, type Goal, type GoalInput } from './goals.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

const isGoal = (value: unknown): value is Goal => {
  const goal = value as Goal;
  if (!goal || typeof goal.id !== 'string' || !/^g[0-9a-f]{8}$/.test(goal.id) || !(GOAL_KINDS as readonly string[]).includes(goal.kind)) return false;
  try {
    const checked = checkGoal({ ...goal });
    return checked.kind === goal.kind;
  } catch {
    return false;
  }
};

export class GoalStore {
  private readonly path: string;
  private cached: { text: string; goals: Goal[] } | null = null;

  constructor(private readonly trusted: TrustedFolders, private readonly dir: string) {
    this.path = join(dir, 'goals.json');
  }

  /** The goals in the order they were made; a damaged file reads as the goals in it that are whole. */
  list(): Goal[] {
    let text: string;
    try { text = readTextNoFollow(this.trusted, this.path); } catch { return []; }
    if (this.cached?.text === text) return this.cached.goals;
    let goals: Goal[] = [];
    try {
      const doc = JSON.parse(text) as { goals?: unknown };
      goals = Array.isArray(doc.goals) ? doc.goals.filter(isGoal) : [];
    } catch { /* unreadable: no goals, and the next change writes a whole file */ }
    this.cached = { text, goals };
    return goals;
  }

  get(id: string): Goal | undefined {
    return this.list().find((goal) => goal.id === id);
  }

  /** Adds a goal (checked first: a bad one changes nothing); returns it with its id. */
  add(input: GoalInput): Goal {
    const checked = checkGoal(input);
    return this.change((goals) => {
      if (goals.length >= MAX_GOALS) throw new AppError('invalid_params', `A site has at most ${MAX_GOALS} goals; remove one first.`);
      const goal: Goal = { id: `g${randomBytes(4).toString('hex')}`, ...checked };
      return { goals: [...goals, goal], result: goal };
    });
  }

  /** Removes a goal; false when there is none by that id. */
  remove(id: string): boolean {
    return this.change((goals) => {
      const kept = goals.filter((goal) => goal.id !== id);
      return { goals: kept, result: kept.length !== goals.length };
    });
  }

  private change<T>(action: (goals: Goal[]) => { goals: Goal[]; result: T }): T {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    return withFileLock(this.trusted, `${this.path}.lock`, () => {
      const { goals, result } = action(this.list());
      writeFileAtomic(this.trusted, this.path, `${JSON.stringify({ goals }, null, 1)}\n`, 0o600);
      return result;
    });
  }
}
