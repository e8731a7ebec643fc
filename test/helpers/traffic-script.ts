// A scripted traffic mix over three days of Europe/Berlin around the start of summer time (29 March 2026:
// 02:00 CET becomes 03:00 CEST, a 23-hour day), as browsers, crawlers and bots would send it. Next to each
// request stands, written by hand, what it brings by the README's rules (clean path, the source or campaign
// it carries, the page on the site it came from), and next to each visitor what their requests say about
// them (country, language, device, browser, OS). test/helpers/traffic-tally.ts counts the figures from
// these, and test/stats/scripted-traffic.test.ts compares them with every statistics answer.

/** Each visitor's user agent carries a number of its own in a build token no parser reads (all come from one IP). */
const UA = {
  firefoxLinux: (n: number) => `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/201001${n} Firefox/133.0`,
  chromeWindows: (n: number) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.${n} (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36`,
  safariIphone: (n: number) => `Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.${n} (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1`,
  chromeAndroid: (n: number) => `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.${n} (KHTML, like Gecko) Chrome/131.0.6778.104 Mobile Safari/537.36`,
  safariMac: (n: number) => `Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.${n} (KHTML, like Gecko) Version/18.1 Safari/605.1.15`,
};

export interface Visitor {
  ua: string;
  /** what the request and beacon carry */
  width: number; zone?: string; language: string; acceptLanguage: string; headers?: Record<string, string>;
  /** what they say, by the README's rules */
  country: string; lang: string; device: string; browser: string; os: string;
}

export const VISITORS: Record<string, Visitor> = {
  // zone Europe/Berlin -> DE; 1600 px -> desktop (>= 1440)
  anna: { ua: UA.firefoxLinux(11), width: 1600, zone: 'Europe/Berlin', language: 'de-DE', acceptLanguage: 'de-DE,de;q=0.9', country: 'DE', lang: 'de', device: 'desktop', browser: 'Firefox 133', os: 'Linux' },
  // 1280 px -> laptop (< 1440)
  ben: { ua: UA.chromeWindows(12), width: 1280, zone: 'Europe/Vienna', language: 'de-AT', acceptLanguage: 'de-AT,de;q=0.9', country: 'AT', lang: 'de', device: 'laptop', browser: 'Chrome 131', os: 'Windows 10' },
  chloe: { ua: UA.safariIphone(13), width: 390, zone: 'Europe/Paris', language: 'fr-FR', acceptLanguage: 'fr-FR,fr;q=0.9', country: 'FR', lang: 'fr', device: 'mobile', browser: 'Safari 18', os: 'iOS 18' },
  // Sec-CH-UA-Mobile ?1 -> mobile, whatever the width
  dan: { ua: UA.chromeAndroid(14), width: 800, zone: 'America/New_York', language: 'en-US', acceptLanguage: 'en-US,en;q=0.9', headers: { 'sec-ch-ua-mobile': '?1' }, country: 'US', lang: 'en', device: 'mobile', browser: 'Chrome 131', os: 'Android 14' },
  // a CDN's country header comes before the browser's time zone
  eva: { ua: UA.safariMac(15), width: 1440, zone: 'Europe/Berlin', language: 'de-CH', acceptLanguage: 'de-CH', headers: { 'cf-ipcountry': 'CH' }, country: 'CH', lang: 'de', device: 'desktop', browser: 'Safari 18', os: 'macOS' },
  finn: { ua: UA.firefoxLinux(16), width: 1000, zone: 'Europe/Berlin', language: 'en-GB', acceptLanguage: 'en-GB,en;q=0.8', country: 'DE', lang: 'en', device: 'laptop', browser: 'Firefox 133', os: 'Linux' },
  // no time zone from the browser: the region of Accept-Language; 600 px -> tablet (576-991)
  greta: { ua: UA.chromeWindows(17), width: 600, language: 'de-AT', acceptLanguage: 'de-AT,de;q=0.9', country: 'AT', lang: 'de', device: 'tablet', browser: 'Chrome 131', os: 'Windows 10' },
  hana: { ua: UA.safariIphone(18), width: 430, zone: 'Europe/Berlin', language: 'de-DE', acceptLanguage: 'de-DE', country: 'DE', lang: 'de', device: 'mobile', browser: 'Safari 18', os: 'iOS 18' },
  ivan: { ua: UA.chromeWindows(19), width: 1920, zone: 'Europe/Zurich', language: 'en', acceptLanguage: 'en', country: 'CH', lang: 'en', device: 'desktop', browser: 'Chrome 131', os: 'Windows 10' },
  // arrives from assistants' answers: a ChatGPT link, and a Perplexity link with its tag
  kai: { ua: UA.safariMac(21), width: 1500, zone: 'Europe/Berlin', language: 'de-DE', acceptLanguage: 'de-DE', country: 'DE', lang: 'de', device: 'desktop', browser: 'Safari 18', os: 'macOS' },
  lena: { ua: UA.firefoxLinux(22), width: 1300, zone: 'Europe/Vienna', language: 'de-AT', acceptLanguage: 'de-AT', country: 'AT', lang: 'de', device: 'laptop', browser: 'Firefox 133', os: 'Linux' },
  jana: { ua: UA.chromeAndroid(20), width: 412, zone: 'Europe/Berlin', language: 'de-DE', acceptLanguage: 'de-DE', country: 'DE', lang: 'de', device: 'mobile', browser: 'Chrome 131', os: 'Android 14' },
};

/** What a page view brings, by hand: clean path, source it carries (tag > referrer host), campaign, the site's page it came from. */
export interface Brings { path: string; source: string | null; campaign: string | null; from: string | null }

export type Step =
  | { at: string; kind: 'pv'; who: string; url: string; referrer: string; brings: Brings }
  | { at: string; kind: 'en'; who: string; path: string; ms: number; scroll: number }
  | { at: string; kind: 'ev'; who: string; path: string; name: string; props?: Record<string, string>; refused?: string[] }
  | { at: string; kind: 'consent'; action: 'accept_all' | 'reject_all' | 'save'; choices: { statistics: boolean; marketing: boolean; external_media: boolean } }
  | { at: string; kind: 'crawler'; ua: string; name: string; operator: string; purpose: 'training' | 'search' | 'user'; path: string }
  | { at: string; kind: 'bot'; how: 'bot_ua' | 'empty_ua' | 'prefetch' | 'navigation' }
  | { at: string; kind: 'plain-bot-page'; path: string };

/** `internal('/x')`: a referrer on the site itself (the address the browser used); filled in when sent. */
export const SITE = '{site}';
const none = { statistics: false, marketing: false, external_media: false };
const pv = (at: string, who: string, url: string, referrer: string, path: string, source: string | null, campaign: string | null, from: string | null): Step =>
  ({ at, kind: 'pv', who, url, referrer, brings: { path, source, campaign, from } });

export const STEPS: Step[] = [
  // ---- Saturday 28 March (CET, +01:00)
  pv('2026-03-28T10:00:00+01:00', 'anna', '/', 'https://www.google.com/search?q=alps', '/', 'google.com', null, null),
  { at: '2026-03-28T10:01:00+01:00', kind: 'consent', action: 'accept_all', choices: { statistics: true, marketing: true, external_media: true } },
  { at: '2026-03-28T10:02:00+01:00', kind: 'en', who: 'anna', path: '/', ms: 40_000, scroll: 80 },
  pv('2026-03-28T10:03:00+01:00', 'anna', '/hello', `${SITE}/`, '/hello', null, null, '/'),
  { at: '2026-03-28T10:05:00+01:00', kind: 'en', who: 'anna', path: '/hello', ms: 20_000, scroll: 50 },
  { at: '2026-03-28T12:00:00+01:00', kind: 'crawler', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)', name: 'GPTBot', operator: 'OpenAI', purpose: 'training', path: '/hello' },
  { at: '2026-03-28T12:05:00+01:00', kind: 'crawler', ua: 'CCBot/2.0 (https://commoncrawl.org/faq/)', name: 'CCBot', operator: 'Common Crawl', purpose: 'training', path: '/' },
  { at: '2026-03-28T13:00:00+01:00', kind: 'bot', how: 'bot_ua' },
  { at: '2026-03-28T13:05:00+01:00', kind: 'plain-bot-page', path: '/hello' },
  pv('2026-03-28T14:00:00+01:00', 'ben', '/hello?utm_source=Newsletter&utm_campaign=Spring&utm_medium=email', '', '/hello', 'newsletter', 'spring', null),
  { at: '2026-03-28T14:01:00+01:00', kind: 'ev', who: 'ben', path: '/hello', name: 'signup', props: { plan: 'free' } },
  { at: '2026-03-28T14:02:00+01:00', kind: 'consent', action: 'reject_all', choices: none },
  // Half a minute before midnight: still the 28th.
  pv('2026-03-28T23:59:30+01:00', 'chloe', '/about?ref=producthunt', '', '/about', 'producthunt', null, null),
  // ---- Sunday 29 March: CET until 02:00, then CEST (+02:00); no 02:xx hour this day
  // Half a minute after midnight: a new day, so a new visitor and visit; a step inside the site starts it as (direct).
  pv('2026-03-29T00:00:30+01:00', 'chloe', '/hello', `${SITE}/about`, '/hello', null, null, '/about'),
  { at: '2026-03-29T00:01:00+01:00', kind: 'en', who: 'chloe', path: '/hello', ms: 35_000, scroll: 100 },
  { at: '2026-03-29T01:30:00+01:00', kind: 'crawler', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)', name: 'ClaudeBot', operator: 'Anthropic', purpose: 'training', path: '/hello' },
  pv('2026-03-29T01:50:00+01:00', 'dan', '/hike-day', 'https://news.ycombinator.com/item?id=9', '/hike-day', 'news.ycombinator.com', null, null),
  // 20 minutes later by the clock on the wall's jump (01:50 CET = 00:50 UTC, 03:10 CEST = 01:10 UTC): the same visit.
  pv('2026-03-29T03:10:00+02:00', 'dan', '/hello', '', '/hello', null, null, null),
  pv('2026-03-29T03:12:00+02:00', 'dan', '/about', `${SITE}/hello`, '/about', null, null, '/hello'),
  { at: '2026-03-29T03:30:00+02:00', kind: 'crawler', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)', name: 'PerplexityBot', operator: 'Perplexity', purpose: 'search', path: '/about' },
  { at: '2026-03-29T04:00:00+02:00', kind: 'bot', how: 'empty_ua' },
  // source= beats the referrer's host
  pv('2026-03-29T09:00:00+02:00', 'eva', '/hello?source=Mastodon&utm_campaign=launch', 'https://mastodon.social/@alps', '/hello', 'mastodon', 'launch', null),
  { at: '2026-03-29T09:01:00+02:00', kind: 'en', who: 'eva', path: '/hello', ms: 90_000, scroll: 90 },
  pv('2026-03-29T09:02:00+02:00', 'eva', '/hike-day', `${SITE}/hello?source=Mastodon&utm_campaign=launch`, '/hike-day', null, null, '/hello'),
  { at: '2026-03-29T09:03:00+02:00', kind: 'consent', action: 'save', choices: { statistics: true, marketing: false, external_media: false } },
  pv('2026-03-29T09:20:00+02:00', 'eva', '/about', '', '/about', null, null, null),
  { at: '2026-03-29T09:21:00+02:00', kind: 'ev', who: 'eva', path: '/about', name: 'download', props: { file: 'map.pdf' } },
  // Back from another site with another campaign inside the same visit: the visit keeps mastodon and launch.
  pv('2026-03-29T09:25:00+02:00', 'eva', '/hike-day?utm_campaign=summer', 'https://t.co/x1', '/hike-day', 't.co', 'summer', null),
  pv('2026-03-29T10:00:00+02:00', 'finn', '/de', 'https://www.bing.com/', '/de', 'bing.com', null, null),
  { at: '2026-03-29T10:00:30+02:00', kind: 'en', who: 'finn', path: '/de', ms: 5_000, scroll: 30 },
  { at: '2026-03-29T10:01:00+02:00', kind: 'consent', action: 'save', choices: none },
  { at: '2026-03-29T10:30:00+02:00', kind: 'bot', how: 'prefetch' },
  // ref= beats the referrer's host
  pv('2026-03-29T11:00:00+02:00', 'greta', '/hello?ref=producthunt', 'https://www.producthunt.com/posts/alps', '/hello', 'producthunt', null, null),
  pv('2026-03-29T11:05:00+02:00', 'greta', '/hike-day', `${SITE}/hello?ref=producthunt`, '/hike-day', null, null, '/hello'),
  { at: '2026-03-29T11:06:00+02:00', kind: 'consent', action: 'save', choices: { statistics: false, marketing: true, external_media: true } },
  // 45 quiet minutes: a new visit, without a referrer: (direct)
  pv('2026-03-29T11:50:00+02:00', 'greta', '/hello', '', '/hello', null, null, null),
  pv('2026-03-29T12:00:00+02:00', 'anna', '/?utm_source=newsletter&utm_campaign=spring', '', '/', 'newsletter', 'spring', null),
  pv('2026-03-29T12:01:00+02:00', 'anna', '/hello', `${SITE}/?utm_source=newsletter&utm_campaign=spring`, '/hello', null, null, '/'),
  // An e-mail address is personal data: refused, the rest of the event kept.
  { at: '2026-03-29T12:02:00+02:00', kind: 'ev', who: 'anna', path: '/hello', name: 'signup', props: { plan: 'pro', email: 'anna@example.org' }, refused: ['email'] },
  { at: '2026-03-29T12:03:00+02:00', kind: 'en', who: 'anna', path: '/hello', ms: 31_000, scroll: 74 },
  { at: '2026-03-29T12:10:00+02:00', kind: 'crawler', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot', name: 'ChatGPT-User', operator: 'OpenAI', purpose: 'user', path: '/hike-day' },
  { at: '2026-03-29T12:15:00+02:00', kind: 'crawler', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)', name: 'GPTBot', operator: 'OpenAI', purpose: 'training', path: '/hello' },
  { at: '2026-03-29T13:00:00+02:00', kind: 'bot', how: 'navigation' },
  { at: '2026-03-29T14:00:00+02:00', kind: 'consent', action: 'accept_all', choices: { statistics: true, marketing: true, external_media: true } },
  { at: '2026-03-29T14:01:00+02:00', kind: 'consent', action: 'reject_all', choices: none },
  { at: '2026-03-29T14:02:00+02:00', kind: 'consent', action: 'save', choices: none },
  pv('2026-03-29T15:00:00+02:00', 'hana', '/a-missing-page', 'https://duckduckgo.com/', '/a-missing-page', 'duckduckgo.com', null, null),
  // AI traffic of all four kinds: visits from an assistant's answer (ChatGPT by its referrer, Perplexity by the
  // tag it adds, which beats its referrer), fetches an assistant makes for a person, a search crawler.
  pv('2026-03-29T16:00:00+02:00', 'kai', '/hike-day', 'https://chatgpt.com/', '/hike-day', 'chatgpt.com', null, null),
  { at: '2026-03-29T16:01:00+02:00', kind: 'ev', who: 'kai', path: '/hike-day', name: 'File Download', props: { url: 'https://alps.example/files/map.pdf' } },
  pv('2026-03-29T16:02:00+02:00', 'kai', '/hello', `${SITE}/hike-day`, '/hello', null, null, '/hike-day'),
  { at: '2026-03-29T16:03:00+02:00', kind: 'en', who: 'kai', path: '/hello', ms: 12_000, scroll: 60 },
  { at: '2026-03-29T16:04:00+02:00', kind: 'ev', who: 'kai', path: '/hello', name: 'Outbound Link: Click', props: { url: 'https://other.example/page' } },
  { at: '2026-03-29T16:05:00+02:00', kind: 'crawler', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; Claude-User/1.0; +Claude-User@anthropic.com', name: 'Claude-User', operator: 'Anthropic', purpose: 'user', path: '/hike-day' },
  { at: '2026-03-29T16:06:00+02:00', kind: 'crawler', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot', name: 'OAI-SearchBot', operator: 'OpenAI', purpose: 'search', path: '/hello' },
  pv('2026-03-29T16:10:00+02:00', 'lena', '/hello?utm_source=perplexity', 'https://www.perplexity.ai/search?q=alps', '/hello', 'perplexity', null, null),
  { at: '2026-03-29T16:11:00+02:00', kind: 'crawler', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)', name: 'Perplexity-User', operator: 'Perplexity', purpose: 'user', path: '/hello' },
  pv('2026-03-29T23:46:00+02:00', 'ben', '/hello', 'https://www.google.com/', '/hello', 'google.com', null, null),
  pv('2026-03-29T23:48:00+02:00', 'ben', '/about', `${SITE}/hello`, '/about', null, null, '/hello'),
  pv('2026-03-29T23:49:00+02:00', 'ivan', '/hike-day', '', '/hike-day', null, null, null),
];

/** Sources of the script that are AI assistants, and every source's channel, by hand (ai-agents.json's lists). */
export const ASSISTANT_OF: Record<string, { assistant: string; operator: string }> = {
  'chatgpt.com': { assistant: 'ChatGPT', operator: 'OpenAI' }, perplexity: { assistant: 'Perplexity', operator: 'Perplexity' },
};
export const CHANNEL_OF: Record<string, string> = {
  '(direct)': 'Direct', 'google.com': 'Search', 'bing.com': 'Search', 'duckduckgo.com': 'Search', 'news.ycombinator.com': 'Social', mastodon: 'Social',
  producthunt: 'Social', newsletter: 'Tagged links', 'chatgpt.com': 'AI assistants', perplexity: 'AI assistants',
};

/** Goals defined after the traffic came (goals count what was collected before them), as the panel takes them. */
export const GOALS = [
  { kind: 'page', pattern: '/hello' },
  { kind: 'page', name: 'Any hike', pattern: '/hike*' },
  { kind: 'page', name: 'Everything', pattern: '/*' },
  { kind: 'event', event: 'signup' },
  { kind: 'scroll', pattern: '/h*', scroll: '75' },
  { kind: 'outbound' },
  { kind: 'download' },
] as const;

/** The first checkpoint: late on the 29th, everything of that day still counted live. */
export const BEFORE_ROLLUP = '2026-03-29T23:49:30+02:00';

/** Early on the 30th: one more visitor, then the second checkpoint, after the 29th was rolled up. */
export const NEXT_DAY_STEPS: Step[] = [
  pv('2026-03-30T00:03:00+02:00', 'jana', '/hello', '', '/hello', null, null, null),
];
export const AFTER_ROLLUP = '2026-03-30T00:06:00+02:00';
