// Declaring a prompt: a small file calls definePrompt and wiring/mcp-registry.ts lists it.
import type { Scope } from '../auth/principal.js';
import type { McpContext } from './context.js';

export interface PromptArgument {
  name: string;
  description: string;
  required: boolean;
}

export interface PromptMessage {
  role: 'user' | 'assistant';
  content: { type: 'text'; text: string };
}

export interface Prompt {
  name: string;
  title: string;
  description: string;
  arguments: PromptArgument[];
  /** The scope a token needs to get it, or null. */
  scope: Scope | null;
  get: (args: Record<string, string>, context: McpContext) => PromptMessage[] | Promise<PromptMessage[]>;
  /** Suggestions for an argument's value (completion/complete); none when absent. */
  complete?: (argument: string, value: string, context: McpContext) => string[];
}

export function definePrompt(spec: Prompt): Prompt {
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(spec.name)) throw new Error(`prompt name ${spec.name} is not valid`);
  return spec;
}
