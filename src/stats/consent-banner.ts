import { createHash } from 'node:crypto';
import type { StatsContent } from './page-index.js';
import { ServicesMemo } from './services-memo.js';

export interface EmbeddedService { service: string; category: 'external_media' | 'marketing' | 'statistics'; pattern: RegExp }

// Third-party services that set cookies or see the visitor's address when embedded. Our own statistics are
// cookie-less and need no consent, so they are not in this list.
export const EMBED_SERVICES: readonly EmbeddedService[] = [
  { service: 'YouTube', category: 'external_media', pattern: /(?:youtube(?:-nocookie)?\.com\/(?:embed|watch|shorts)|youtu\.be\/)/i },
  { service: 'Vimeo', category: 'external_media', pattern: /(?:player\.)?vimeo\.com\/(?:video\/)?\d/i },
  { service: 'Google Maps', category: 'external_media', pattern: /(?:google\.[a-z.]+\/maps|maps\.google\.[a-z.]+|goo\.gl\/maps|maps\.app\.goo\.gl)/i },
  { service: 'OpenStreetMap', category: 'external_media', pattern: /openstreetmap\.org\/export\/embed/i },
  { service: 'Spotify', category: 'external_media', pattern: /open\.spotify\.com\/(?:embed\/)?(?:track|album|playlist|episode|show)/i },
  { service: 'SoundCloud', category: 'external_media', pattern: /(?:w\.)?soundcloud\.com\//i },
  { service: 'X (Twitter)', category: 'external_media', pattern: /(?:platform\.twitter\.com|twitter\.com\/\w+\/status|x\.com\/\w+\/status)/i },
  { service: 'Instagram', category: 'external_media', pattern: /instagram\.com\/(?:p|reel)\//i },
  { service: 'Facebook', category: 'marketing', pattern: /(?:connect\.facebook\.net|facebook\.com\/plugins)/i },
  { service: 'Google Analytics', category: 'statistics', pattern: /(?:googletagmanager\.com|google-analytics\.com)/i },
];

export const CATEGORY_ORDER = ['necessary', 'statistics', 'marketing', 'external_media'] as const;

export interface BannerFacts {
  banner_needed: boolean;
  banner_version: string;
  categories_offered: string[];
  embedded_services: { service: string; category: string; entries: number; example_ids: string[] }[];
}

/** Per content store: the facts and the store generation they were found at. */
const cache = new WeakMap<StatsContent, { generation: number; facts: BannerFacts }>();
/**
 * The services found in each translation as of the last pass. A changed file gives a new translation
 * object, so only changed translations are read again: on a 10,000-entry site an edit costs one file read,
 * not twenty thousand.
 */
const memo = new ServicesMemo(EMBED_SERVICES.map((service) => service.pattern));

/**
 * What the consent banner must offer, from the embeds found in the content (published or not: a draft with
 * a video becomes public with one click). The version is a short hash of the categories and services, so
 * it changes exactly when the set changes and earlier decisions can be told apart.
 */
export function consentBanner(content: StatsContent): BannerFacts {
  const generation = content.generation;
  const cached = cache.get(content);
  if (cached && generation !== undefined && cached.generation === generation) return cached.facts;
  const found = new Map<string, { service: EmbeddedService; ids: string[] }>();
  memo.begin();
  for (const entry of content.entries()) {
    for (const translation of entry.translations.values()) {
      const mask = memo.maskOf(translation);
      if (mask === 0) continue;
      EMBED_SERVICES.forEach((service, bit) => {
        if ((mask & (1 << bit)) === 0) return;
        const item = found.get(service.service) ?? { service, ids: [] };
        if (!item.ids.includes(entry.id)) item.ids.push(entry.id);
        found.set(service.service, item);
      });
    }
  }
  memo.end();
  const services = [...found.values()].sort((a, b) => (a.service.service < b.service.service ? -1 : 1));
  const categories = CATEGORY_ORDER.filter((category) => category === 'necessary' || services.some((item) => item.service.category === category));
  const version = createHash('sha256').update(JSON.stringify([categories, services.map((item) => item.service.service)])).digest('hex').slice(0, 8);
  const facts: BannerFacts = {
    banner_needed: services.length > 0,
    banner_version: version,
    categories_offered: [...categories],
    embedded_services: services.map((item) => ({ service: item.service.service, category: item.service.category, entries: item.ids.length, example_ids: item.ids.sort().slice(0, 5) })),
  };
  if (generation !== undefined) cache.set(content, { generation, facts });
  return facts;
}
