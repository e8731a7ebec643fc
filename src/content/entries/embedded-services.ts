// Third-party services that set cookies or see the visitor's address when embedded in a body, and which of
// them a body embeds. Found when a translation is read (entry-reader.ts) and kept with its summary, also in
// the persisted index, so the consent banner (stats/consent-banner.ts) never reads a body to know them: on a
// site started from its persisted index that would be every file read again at the first public page.
// Our own statistics are cookie-less and need no consent, so they are not in this list.

export interface EmbeddedService { service: string; category: 'external_media' | 'marketing' | 'statistics'; pattern: RegExp }

/** Bit n of a translation's `embeds` is service n: append new services, never reorder (at most 31). */
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

/** A name each service's pattern holds (case aside): a body without any embeds none of them. */
const ANY_SERVICE = /youtu|vimeo\.com|google|goo\.gl|openstreetmap\.org|spotify\.com|soundcloud\.com|twitter\.com|x\.com|instagram\.com|facebook/i;

/** The services `body` embeds, as a bit mask over EMBED_SERVICES. */
export function embedsIn(body: string): number {
  // Most bodies embed nothing: one pass for what every pattern needs saves ten (a first start reads 200,000).
  if (!ANY_SERVICE.test(body)) return 0;
  let mask = 0;
  EMBED_SERVICES.forEach((service, bit) => { if (service.pattern.test(body)) mask |= 1 << bit; });
  return mask;
}
