// Every MCP prompt, one line each: its name and how to load its module (see catalog.ts). Add yours here.
import type { Prompt } from '../prompt.js';
import { lazy, type Declared } from '../catalog.js';

export const ALL_PROMPTS: readonly Declared<Prompt>[] = [
  lazy('weekly_review', () => import('./weekly-review.js').then((m) => m.weeklyReviewPrompt)),
];
