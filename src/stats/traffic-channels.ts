// Sources grouped into channels, as Plausible's Channels tab groups them: AI assistants (ai-assistants.ts)
// are a channel of their own beside search, social, other sites and direct visits. Worked out from the
// sources when asked, so it applies to every day already counted.
import { assistantOfSource } from './ai-assistants.js';
import { DIRECT, OTHER, own, put, type Pair } from './store/stats-store.js';

export const CHANNELS = ['AI assistants', 'Search', 'Social', 'Referral', 'Tagged links', 'Direct'] as const;
export type Channel = (typeof CHANNELS)[number];

// Hosts (a subdomain matches too) and the tags their links or campaigns carry.
const SEARCH = ['google.com', 'bing.com', 'duckduckgo.com', 'ecosia.org', 'search.yahoo.com', 'yahoo.com', 'yandex.ru', 'yandex.com', 'baidu.com', 'startpage.com', 'qwant.com', 'search.brave.com', 'kagi.com', 'naver.com', 'seznam.cz', 'google', 'bing', 'duckduckgo'];
const SOCIAL = ['t.co', 'x.com', 'twitter.com', 'facebook.com', 'm.facebook.com', 'l.facebook.com', 'instagram.com', 'l.instagram.com', 'linkedin.com', 'lnkd.in', 'reddit.com', 'old.reddit.com', 'news.ycombinator.com', 'youtube.com', 'pinterest.com', 'tiktok.com', 'bsky.app', 'threads.net', 'mastodon.social', 'mastodon', 'facebook', 'twitter', 'linkedin', 'reddit', 'bluesky', 'hackernews', 'producthunt.com', 'producthunt'];

const matches = (source: string, list: readonly string[]) => list.some((host) => source === host || source.endsWith(`.${host}`));
/** Google's search under any country domain (google.de, google.co.uk). */
const GOOGLE = /^google\.[a-z]{2,3}(\.[a-z]{2})?$/;

export function channelOf(source: string): Channel {
  if (source === DIRECT) return 'Direct';
  if (assistantOfSource(source)) return 'AI assistants';
  if (matches(source, SEARCH) || GOOGLE.test(source)) return 'Search';
  if (matches(source, SOCIAL)) return 'Social';
  // A tag without a dot (utm_source=newsletter) names no site: a link someone tagged.
  return source.includes('.') || source === OTHER ? 'Referral' : 'Tagged links';
}

/** [visitors, page views] per channel, from the sources table. */
export function channelPairs(referrers: Record<string, Pair>): Record<string, Pair> {
  const out: Record<string, Pair> = {};
  for (const source of Object.keys(referrers)) {
    const channel = channelOf(source);
    const [visitors, pageviews] = referrers[source]!;
    const pair = own(out, channel);
    if (pair) { pair[0] += visitors; pair[1] += pageviews; } else put(out, channel, [visitors, pageviews]);
  }
  return out;
}
