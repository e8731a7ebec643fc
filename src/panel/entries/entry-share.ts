// "Share preview" on an entry's page, for the translations this person may see: what a new link may show
// (the text now, the latest saved text, or one of the last kept revisions) and the open links to them.
import type { PanelDeps } from '../panel-deps.js';
import type { Principal } from '../../auth/principal.js';
import { canEditEntry } from '../../content/content-rights.js';
import type { Entry, Translation } from '../../content/entries/types.js';
import { PreviewLinks, type PreviewLink } from '../../content/write/preview-links.js';
import { listRevisions, versionTime } from '../../content/revisions.js';
import type { WriteContext } from '../../content/write/write-context.js';
import { siteTimeOf } from '../site-time.js';
import { renderShareSection, type OpenLinkRow, type ShareChoice } from './entry-share-view.js';
import { fill, words } from '../words/panel-words.js';

/** Kept revisions offered per language: the newest; older ones are a click away on Earlier versions. */
const REVISIONS_OFFERED = 10;

export function previewLinksOf(deps: PanelDeps): PreviewLinks {
  const context: WriteContext = { store: deps.content, dataDir: deps.config.dataDir, clock: deps.clock };
  return new PreviewLinks(context);
}

/** What a link shows, in words (its row, the history, the page a new link is shown on). */
export function showsText(link: Pick<PreviewLink, 'shows' | 'revision' | 'created'>, timeZone: string): string {
  const w = words().entries.share;
  if (link.shows === 'latest') return w.showsLatest;
  if (link.revision) return fill(w.showsRevision, { time: siteTimeOf(versionTime(link.revision), timeZone) });
  return fill(w.showsNow, { time: siteTimeOf(link.created, timeZone) });
}

/** Who may revoke a link: whoever made it, and whoever may change the translation it shows. */
export function mayRevoke(principal: Principal, entry: Entry, link: PreviewLink): boolean {
  return link.createdBy === principal.accountId || canEditEntry(principal, entry, entry.translations.get(link.language)).allowed;
}

/** The section's HTML for `visible`: the translations of `entry` this person may see. */
export function renderShareSectionOf(deps: PanelDeps, csrf: string, principal: Principal, entry: Entry, visible: readonly Translation[]): string {
  const site = deps.content.site();
  const timeZone = site.timezone;
  const names = new Map(deps.auth.accounts.list().map((account) => [account.id, account.name]));
  const languageName = (language: string) => `${site.languages[language] ?? language} (${language})`;
  const w = words().entries.share;
  const choices: ShareChoice[] = visible.flatMap((t) => [
    { value: `${t.language}:now`, label: fill(w.now, { language: languageName(t.language) }) },
    { value: `${t.language}:latest`, label: fill(w.latest, { language: languageName(t.language) }) },
    ...listRevisions(deps.trustedFolders, deps.config.dataDir, entry.id, t.language).slice(0, REVISIONS_OFFERED).map((version) => ({
      value: `${t.language}:rev:${version.id}`, label: fill(w.revision, { language: languageName(t.language), time: siteTimeOf(version.time, timeZone) }),
    })),
  ]);
  const shown = new Set(visible.map((t) => t.language));
  const links: OpenLinkRow[] = previewLinksOf(deps).forEntry(entry.id).filter(({ link }) => shown.has(link.language)).map(({ id, link }) => ({
    id, languageName: languageName(link.language), shows: showsText(link, timeZone),
    createdBy: link.token ? fill(w.through, { person: names.get(link.createdBy) ?? link.createdBy, token: link.token }) : names.get(link.createdBy) ?? link.createdBy,
    created: siteTimeOf(link.created, timeZone), until: siteTimeOf(link.expires, timeZone),
    mayRevoke: mayRevoke(principal, entry, link),
  }));
  return renderShareSection({ csrf, id: entry.id, timeZone, choices, links });
}
