// AI crawlers run no script, so they are counted on the server when they request a page. Which user agents
// are crawlers, who runs them and what they fetch for is data: ai-agents.json.
import { AI_CRAWLERS, type AiCrawler } from './ai-agents.js';

export { AI_CRAWLERS, type AiCrawler, type CrawlerPurpose } from './ai-agents.js';

const LOWER = AI_CRAWLERS.map((crawler) => ({ crawler, token: crawler.name.toLowerCase() }));
const BY_NAME = new Map(AI_CRAWLERS.map((crawler) => [crawler.name, crawler]));

/** The AI crawler a user agent names, or null. */
export function matchAiCrawler(userAgent: string): AiCrawler | null {
  if (!userAgent) return null;
  const ua = userAgent.toLowerCase();
  for (const { crawler, token } of LOWER) if (ua.includes(token)) return crawler;
  return null;
}

export function aiCrawlerByName(name: string): AiCrawler | undefined {
  return BY_NAME.get(name);
}
