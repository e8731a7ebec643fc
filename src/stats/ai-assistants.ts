// A source (a referrer's host without www., or the utm_source / source / ref value a link carried, both
// lower-case: traffic-source.ts) that is an AI assistant: a visit that arrived from an assistant's answer.
// Worked out when asked, not when counted, so a line added to ai-agents.json applies to the past too.
import { AI_ASSISTANTS, type AiAssistant } from './ai-agents.js';

export type { AiAssistant } from './ai-agents.js';

const known = new Map<string, AiAssistant | null>();

export function assistantOfSource(source: string): AiAssistant | null {
  let assistant = known.get(source);
  if (assistant !== undefined) return assistant;
  assistant = AI_ASSISTANTS.find((a) => a.tags.includes(source) || a.referrers.some((host) => source === host || source.endsWith(`.${host}`))) ?? null;
  // Sources come from visitors: the memo stays bounded whatever they send.
  if (known.size > 10_000) known.clear();
  known.set(source, assistant);
  return assistant;
}
