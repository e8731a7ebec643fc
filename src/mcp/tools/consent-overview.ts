import { defineTool } from '../tool.js';
import { consentInput } from '../../stats/stats-inputs.js';
import { consentOverview } from '../../stats/consent-overview.js';
import { requireStatsView } from '../../stats/stats-access.js';

export const consentOverviewTool = defineTool({
  name: 'consent_overview',
  title: 'Consent banner decisions',
  description:
    'Consent decisions of the last days (1-366, default 30) and agreement per category, whether the site needs a consent banner (banner_needed, from embedded services such as YouTube, Vimeo or Google Maps found in the content), banner_version, categories_offered and embedded_services.',
  scope: 'stats:read',
  input: consentInput,
  output: 'consentOverviewOutput',
  readOnly: true,
  handler: (args, { deps, principal }) => {
    requireStatsView(principal, 'consent_overview');
    return consentOverview(deps.stats, deps.content, args.days);
  },
});
