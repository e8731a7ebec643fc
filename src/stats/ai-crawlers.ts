// AI crawlers run no script, so they are counted on the server when they request a page. The table follows
// the ai.robots.txt project's list: the user-agent token, who operates it and what the fetch is for.

export type CrawlerPurpose = 'training' | 'search' | 'user';

export interface AiCrawler {
  name: string;
  operator: string;
  purpose: CrawlerPurpose;
}

// Ordered: longer tokens that contain shorter ones (Claude-SearchBot vs ClaudeBot) come first where it matters.
export const AI_CRAWLERS: readonly AiCrawler[] = [
  { name: 'GPTBot', operator: 'OpenAI', purpose: 'training' },
  { name: 'OAI-SearchBot', operator: 'OpenAI', purpose: 'search' },
  { name: 'ChatGPT-User', operator: 'OpenAI', purpose: 'user' },
  { name: 'ChatGPT-Agent', operator: 'OpenAI', purpose: 'user' },
  { name: 'Claude-SearchBot', operator: 'Anthropic', purpose: 'search' },
  { name: 'Claude-User', operator: 'Anthropic', purpose: 'user' },
  { name: 'ClaudeBot', operator: 'Anthropic', purpose: 'training' },
  { name: 'anthropic-ai', operator: 'Anthropic', purpose: 'training' },
  { name: 'Claude-Web', operator: 'Anthropic', purpose: 'user' },
  { name: 'PerplexityBot', operator: 'Perplexity', purpose: 'search' },
  { name: 'Perplexity-User', operator: 'Perplexity', purpose: 'user' },
  { name: 'CCBot', operator: 'Common Crawl', purpose: 'training' },
  { name: 'Bytespider', operator: 'ByteDance', purpose: 'training' },
  { name: 'Amazonbot', operator: 'Amazon', purpose: 'search' },
  { name: 'Applebot-Extended', operator: 'Apple', purpose: 'training' },
  { name: 'Applebot', operator: 'Apple', purpose: 'search' },
  { name: 'meta-externalagent', operator: 'Meta', purpose: 'training' },
  { name: 'meta-externalfetcher', operator: 'Meta', purpose: 'user' },
  { name: 'FacebookBot', operator: 'Meta', purpose: 'training' },
  { name: 'GoogleOther', operator: 'Google', purpose: 'training' },
  { name: 'Google-Extended', operator: 'Google', purpose: 'training' },
  { name: 'Google-CloudVertexBot', operator: 'Google', purpose: 'training' },
  { name: 'Gemini-Deep-Research', operator: 'Google', purpose: 'user' },
  { name: 'DeepSeekBot', operator: 'DeepSeek', purpose: 'training' },
  { name: 'MistralAI-User', operator: 'Mistral AI', purpose: 'user' },
  { name: 'cohere-ai', operator: 'Cohere', purpose: 'user' },
  { name: 'cohere-training-data-crawler', operator: 'Cohere', purpose: 'training' },
  { name: 'Diffbot', operator: 'Diffbot', purpose: 'training' },
  { name: 'YouBot', operator: 'You.com', purpose: 'search' },
  { name: 'DuckAssistBot', operator: 'DuckDuckGo', purpose: 'user' },
  { name: 'PetalBot', operator: 'Huawei', purpose: 'search' },
  { name: 'Timpibot', operator: 'Timpi', purpose: 'training' },
  { name: 'ImagesiftBot', operator: 'ImageSift', purpose: 'training' },
  { name: 'omgili', operator: 'Webz.io', purpose: 'training' },
  { name: 'AI2Bot', operator: 'Allen Institute for AI', purpose: 'training' },
  { name: 'Kangaroo Bot', operator: 'Kangaroo LLM', purpose: 'training' },
  { name: 'PanguBot', operator: 'Huawei', purpose: 'training' },
  { name: 'QualifiedBot', operator: 'Qualified', purpose: 'user' },
];

const LOWER = AI_CRAWLERS.map((crawler) => ({ crawler, token: crawler.name.toLowerCase() }));

/** The AI crawler a user agent names, or null. */
export function matchAiCrawler(userAgent: string): AiCrawler | null {
  if (!userAgent) return null;
  const ua = userAgent.toLowerCase();
  for (const { crawler, token } of LOWER) if (ua.includes(token)) return crawler;
  return null;
}

export function aiCrawlerByName(name: string): AiCrawler | undefined {
  return AI_CRAWLERS.find((crawler) => crawler.name === name);
}
