// What generated traffic looks like: the shares of sources, countries, devices and the rest.

export const SOURCES: readonly (readonly [string, number])[] = [
  ['(direct)', 38], ['google.com', 24], ['duckduckgo.com', 5], ['bing.com', 4], ['newsletter', 5],
  ['news.ycombinator.com', 3], ['reddit.com', 3], ['mastodon.social', 3], ['t.co', 2], ['linkedin.com', 2],
  ['github.com', 2], ['chatgpt.com', 2], ['perplexity.ai', 1], ['ecosia.org', 1], ['startpage.com', 1],
];
export const CAMPAIGNS: readonly (readonly [string, number])[] = [['newsletter', 6], ['spring-hikes', 2], ['winter-recipes', 1]];
export const COUNTRIES: readonly (readonly [string, number])[] = [
  ['DE', 30], ['US', 14], ['AT', 10], ['CH', 9], ['GB', 6], ['FR', 5], ['NL', 4], ['IT', 4], ['ES', 3], ['PL', 3],
  ['SE', 2], ['CA', 2], ['AU', 1], ['JP', 1], ['BR', 1], ['IN', 1], ['(unknown)', 2],
];
export const LANGUAGES: readonly (readonly [string, number])[] = [['de', 48], ['en', 40], ['fr', 5], ['it', 3], ['es', 2], ['nl', 2]];
export const DEVICES: readonly (readonly [string, number])[] = [['mobile', 52], ['desktop', 22], ['laptop', 18], ['tablet', 8]];
export const BROWSERS: readonly (readonly [string, number])[] = [
  ['Chrome 131', 34], ['Safari 18', 24], ['Firefox 133', 10], ['Edge 131', 9], ['Samsung Internet 27', 5],
  ['Chrome 130', 6], ['Safari 17', 6], ['Opera 115', 2], ['Firefox 128', 2], ['Other', 2],
];
export const SYSTEMS: readonly (readonly [string, number])[] = [
  ['Android 14', 22], ['iOS 18', 24], ['Windows 10', 26], ['macOS', 16], ['Linux', 4], ['Android 13', 5], ['iOS 17', 3],
];
export const EVENTS: readonly (readonly [string, number])[] = [['newsletter_signup', 3], ['outbound_click', 10], ['download', 4]];
export const CRAWLERS: readonly (readonly [string, number])[] = [
  ['GPTBot', 20], ['ClaudeBot', 14], ['PerplexityBot', 8], ['OAI-SearchBot', 6], ['ChatGPT-User', 6], ['CCBot', 5],
  ['Bytespider', 7], ['Amazonbot', 5], ['Applebot', 4], ['meta-externalagent', 6], ['GoogleOther', 3],
  ['Claude-User', 2], ['DeepSeekBot', 1], ['MistralAI-User', 1],
];
/** Share of page views by hour of the day. */
export const HOUR_CURVE = [1, 0.6, 0.4, 0.3, 0.3, 0.5, 1.2, 2.4, 3.4, 3.8, 3.9, 4, 4.2, 4, 3.8, 3.7, 3.8, 4.1, 4.6, 5, 4.8, 4, 2.8, 1.7];
