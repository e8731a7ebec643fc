// Every MCP prompt, one line each. Add yours here.
import type { Prompt } from '../prompt.js';
import { weeklyReviewPrompt } from './weekly-review.js';

export const ALL_PROMPTS: readonly Prompt[] = [
  weeklyReviewPrompt,
];
