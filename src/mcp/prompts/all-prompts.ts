// Every MCP prompt, one line each. Add yours here.
import type { Prompt } from '../prompt.js';

export const ALL_PROMPTS: readonly Prompt[] = [
];
