import type { StatsService } from './stats-service.js';
import type { StatsContent } from './page-index.js';
import { consentBanner } from './consent-banner.js';
import { addDays } from '../lib/day-math.js';
import { share } from './figures.js';
import { CONSENT_CATEGORIES } from './store/stats-store.js';

/**
 * consent_overview: decisions of the last `days` days (today included), how many agreed to each optional
 * category, the actions taken and the banner versions answered; and what the banner must offer now.
 */
export function consentOverview(stats: StatsService, content: StatsContent, days: number) {
  const to = stats.today();
  const from = addDays(to, -(days - 1));
  const consent = stats.range(from, to).consent;
  const banner = consentBanner(content);
  return {
    days, from, to,
    decisions: consent.decisions,
    agreement: CONSENT_CATEGORIES.map((category) => ({
      category,
      agreed: consent.agreed[category] ?? 0,
      share: share(consent.agreed[category] ?? 0, consent.decisions),
    })),
    actions: consent.actions,
    banner_versions_answered: consent.versions,
    ...banner,
  };
}
