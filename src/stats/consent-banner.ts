import { createHash } from '../lib/node-builtins.js';
import type { StatsContent } from './page-index.js';
import { EMBED_SERVICES, type EmbeddedService } from '../content/entries/embedded-services.js';

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
 * What the consent banner must offer, from the embeds found in the content (published or not: a draft with
 * a video becomes public with one click). The version is a short hash of the categories and services, so
 * it changes exactly when the set changes and earlier decisions can be told apart.
 */
export function consentBanner(content: StatsContent): BannerFacts {
  const generation = content.generation;
  const cached = cache.get(content);
  if (cached && generation !== undefined && cached.generation === generation) return cached.facts;
  const found = new Map<string, { service: EmbeddedService; ids: string[] }>();
  // Each translation's services were found when it was read (content/entries/embedded-services.ts): no body is read here.
  for (const entry of content.entries()) {
    for (const translation of entry.translations.values()) {
      const mask = translation.embeds;
      if (mask === 0) continue;
      EMBED_SERVICES.forEach((service, bit) => {
        if ((mask & (1 << bit)) === 0) return;
        const item = found.get(service.service) ?? { service, ids: [] };
        if (!item.ids.includes(entry.id)) item.ids.push(entry.id);
        found.set(service.service, item);
      });
    }
  }
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
