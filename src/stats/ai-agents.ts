// The AI crawlers and assistants of ai-agents.json, checked once when first read. The list is data, kept
// with its sources in that file, so a new agent is a line there and no code changes.
import agents from './ai-agents.json' with { type: 'json' };

export type CrawlerPurpose = 'training' | 'search' | 'user';

export interface AiCrawler {
  name: string;
  operator: string;
  purpose: CrawlerPurpose;
}

export interface AiAssistant {
  name: string;
  operator: string;
  /** referrer hosts (a subdomain of one matches too) */
  referrers: string[];
  /** utm_source / source / ref values its links carry (lower-case) */
  tags: string[];
}

const PURPOSES: readonly string[] = ['training', 'search', 'user'];
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '' && value.length <= 100;
const isTexts = (value: unknown): value is string[] => Array.isArray(value) && value.every(isText);

/** The file's crawlers and assistants; a damaged line names itself (the file ships with the code, so this is a build fault). */
function readAgents(data: unknown): { crawlers: AiCrawler[]; assistants: AiAssistant[] } {
  const doc = data as { crawlers?: unknown; assistants?: unknown } | null;
  if (!doc || !Array.isArray(doc.crawlers) || !Array.isArray(doc.assistants)) throw new Error('ai-agents.json needs a list of crawlers and a list of assistants');
  const crawlers = doc.crawlers.map((line: { token?: unknown; operator?: unknown; kind?: unknown }, i) => {
    if (!isText(line?.token) || !isText(line.operator) || !PURPOSES.includes(line.kind as string)) throw new Error(`ai-agents.json: crawler ${i + 1} needs token, operator and kind (training, search or user)`);
    return { name: line.token, operator: line.operator, purpose: line.kind as CrawlerPurpose };
  });
  const assistants = doc.assistants.map((line: { name?: unknown; operator?: unknown; referrers?: unknown; tags?: unknown }, i) => {
    if (!isText(line?.name) || !isText(line.operator) || !isTexts(line.referrers) || !isTexts(line.tags)) throw new Error(`ai-agents.json: assistant ${i + 1} needs name, operator, referrers and tags`);
    return { name: line.name, operator: line.operator, referrers: line.referrers.map((host) => host.toLowerCase()), tags: line.tags.map((tag) => tag.toLowerCase()) };
  });
  return { crawlers, assistants };
}

const AGENTS = readAgents(agents);

/** In the file's order: a longer token that contains a shorter one (Claude-SearchBot, ClaudeBot) comes first there. */
export const AI_CRAWLERS: readonly AiCrawler[] = AGENTS.crawlers;
export const AI_ASSISTANTS: readonly AiAssistant[] = AGENTS.assistants;
export { readAgents };
