// Browser, operating system and bot detection from a small, ordered token table: the first matching row wins,
// so rows for browsers built on others (Edge, Opera, Samsung on Chrome) come before the ones they contain.

interface TokenRow {
  family: string;
  token: RegExp;
}

const BROWSERS: readonly TokenRow[] = [
  { family: 'Edge', token: /\bEdgA?\/(\d+)/ },
  { family: 'Opera', token: /\bOPR\/(\d+)/ },
  { family: 'Samsung Internet', token: /\bSamsungBrowser\/(\d+)/ },
  { family: 'Yandex', token: /\bYaBrowser\/(\d+)/ },
  { family: 'Vivaldi', token: /\bVivaldi\/(\d+)/ },
  { family: 'UC Browser', token: /\bUCBrowser\/(\d+)/ },
  { family: 'Firefox', token: /\b(?:Firefox|FxiOS)\/(\d+)/ },
  { family: 'Chrome', token: /\b(?:Chrome|CriOS)\/(\d+)/ },
  { family: 'Safari', token: /\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\// },
  { family: 'Internet Explorer', token: /\b(?:MSIE |Trident\/.*rv:)(\d+)/ },
];

const SYSTEMS: readonly TokenRow[] = [
  { family: 'Windows', token: /\bWindows NT (\d+)/ },
  { family: 'iOS', token: /\b(?:iPhone|iPad|iPod).*? OS (\d+)/ },
  { family: 'Android', token: /\bAndroid (\d+)/ },
  { family: 'ChromeOS', token: /\bCrOS \S+ (\d+)/ },
  { family: 'macOS', token: /\bMac OS X (\d+)/ },
  { family: 'Linux', token: /\bLinux()/ },
];

// Lower-case substrings of user agents that are not people: crawlers, monitors, libraries, headless browsers.
const BOT_TOKENS: readonly string[] = [
  'bot', 'crawl', 'spider', 'slurp', 'scrape', 'fetch', 'monitor', 'lighthouse', 'headless', 'phantomjs',
  'curl/', 'wget/', 'python-', 'python/', 'httpclient', 'okhttp', 'go-http-client', 'java/', 'libwww',
  'axios/', 'node-fetch', 'undici', 'postman', 'insomnia', 'httpie', 'pingdom', 'uptime', 'facebookexternalhit',
  'preview', 'whatsapp', 'telegram', 'discord', 'embedly', 'feed', 'rss', 'archive.org', 'validator',
  'gptbot', 'chatgpt', 'claude', 'anthropic', 'perplexity', 'ccbot', 'bytespider', 'amazonbot', 'applebot',
  'meta-external', 'googleother', 'google-extended', 'deepseek', 'mistralai', 'cohere', 'diffbot',
];

export interface UserAgentInfo {
  browser: string;
  os: string;
}

function matchRow(table: readonly TokenRow[], ua: string): string {
  for (const row of table) {
    const found = row.token.exec(ua);
    if (found) return found[1] ? `${row.family} ${found[1]}` : row.family;
  }
  return 'Other';
}

/** Family and major version, e.g. `{ browser: 'Firefox 132', os: 'Windows 10' }`. */
export function parseUserAgent(ua: string): UserAgentInfo {
  let os = matchRow(SYSTEMS, ua);
  // Windows NT 10 is both Windows 10 and 11; macOS reports 10 forever — the family is what is reliable.
  if (os.startsWith('macOS')) os = 'macOS';
  return { browser: matchRow(BROWSERS, ua), os };
}

/** Whether the user agent is empty or names a bot, crawler, library or headless browser. */
export function isBotUserAgent(ua: string): boolean {
  if (!ua || ua.trim().length < 10) return true;
  const lower = ua.toLowerCase();
  for (const token of BOT_TOKENS) if (lower.includes(token)) return true;
  return false;
}
