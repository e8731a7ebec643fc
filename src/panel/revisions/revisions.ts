import { join } from 'node:path';
import { readTextNoFollow } from '../../lib/no-follow.js';
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { redirect } from '../../http/respond.js';
import { AppError } from '../../errors.js';
import { diffText } from '../../lib/diff/text-diff.js';
import { canEditEntry, canSeeTranslation } from '../../content/content-rights.js';
import { isEntryId } from '../../content/entries/entry-id.js';
import { readHistory } from '../../content/history.js';
import { diffRevision } from '../../content/revision-diff.js';
import { listRevisions, listStyleVersions, readRevision, readStyleVersion, versionTime, type VersionInfo } from '../../content/revisions.js';
import type { Entry } from '../../content/entries/types.js';
import { restoreRevision, restoreStyleVersion } from '../../content/write/restore-version.js';
import type { WriteContext } from '../../content/write/write-context.js';
import { renderPage, sendPanelMessage, sendPanelPage } from '../layout.js';
import { panelActor } from '../panel-principal.js';
import { requirePanelPost, requirePanelSession, type PanelSession } from '../panel-session.js';
import { siteTimeOf } from '../site-time.js';
import { REVISIONS_PATH, renderDiffPage, renderRevisions, type VersionRow } from './revisions-view.js';
import { writersOf } from './version-writers.js';
import { fill, words } from '../words/panel-words.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

/** A file's current text; empty when it is not there (no style.css, or a translation removed meanwhile). */
function readCurrent(trusted: TrustedFolders, file: string): string {
  try {
    return readTextNoFollow(trusted, file);
  } catch {
    return '';
  }
}

/** How many history records are read to find who wrote each version. */
const HISTORY_LOOKBACK = 5_000;

/**
 * An entry's kept versions, a diff of any of them against the current text, and Restore. Seeing needs
 * content.write and a translation of the entry this person may see; Restore needs the right to edit.
 */
export function createRevisionHandlers(deps: PanelDeps) {
  const context: WriteContext = { store: deps.content, dataDir: deps.config.dataDir, clock: deps.clock };

  /** The entry named by `id`, or null after a 404 (also for entries this person may not see). */
  function visibleEntry(ctx: RequestContext, session: PanelSession, id: string): Entry | null {
    const entry = isEntryId(id) ? deps.content.entry(id) : undefined;
    const principal = panelActor(session).principal;
    if (!entry || ![...entry.translations.values()].some((t) => canSeeTranslation(principal, entry, t))) {
      sendPanelMessage(ctx, 404, words().revisions.noSuchEntry, words().revisions.noSuchEntryText, session);
      return null;
    }
    return entry;
  }

  function names(): Map<string, string> {
    return new Map(deps.auth.accounts.list().map((account) => [account.id, account.name]));
  }

  function rows(versions: VersionInfo[], writers: ReturnType<typeof writersOf>, people: Map<string, string>): VersionRow[] {
    return versions.map((version, i) => {
      const writer = writers[i];
      return { id: version.id, time: version.time, writer: writer ? { ...writer, personName: people.get(writer.person) ?? writer.person } : undefined };
    });
  }

  return {
    show(ctx: RequestContext): void {
      const session = requirePanelSession(ctx, deps, 'content.write');
      if (!session) return;
      const entry = visibleEntry(ctx, session, ctx.url.searchParams.get('id') ?? '');
      if (!entry) return;
      const dataDir = deps.config.dataDir;
      const site = deps.content.site();
      const records = readHistory(deps.trustedFolders, dataDir, { entry: entry.id, limit: HISTORY_LOOKBACK });
      const people = names();
      const principal = panelActor(session).principal;
      // Translations this person may not see (someone else's draft) show no versions either.
      // (Versions of a translation whose file is gone stay on disk, but there is nothing to restore them into.)
      const languages = [...entry.translations.values()].filter((t) => canSeeTranslation(principal, entry, t)).map((t) => t.language).sort();
      const translations = languages.map((language) => {
        const versions = listRevisions(deps.trustedFolders, dataDir, entry.id, language);
        return { language, versions: rows(versions, writersOf(versions, records, language), people) };
      });
      const styles = listStyleVersions(deps.trustedFolders, dataDir, entry.id);
      const title = (entry.translations.get(site.defaultLanguage) ?? entry.translations.values().next().value)?.title ?? entry.id;
      const w = words().revisions;
      const done = ctx.url.searchParams.get('done') === 'restored' ? { kind: 'ok' as const, text: w.restored } : null;
      const body = renderRevisions({ id: entry.id, title, timeZone: site.timezone, translations, styles: rows(styles, writersOf(styles, records, null), people) });
      sendPanelPage(ctx, 200, renderPage({ title: fill(w.heading, { title }), viewer: session, active: 'content', body, notice: done }));
    },

    showDiff(ctx: RequestContext): void {
      const session = requirePanelSession(ctx, deps, 'content.write');
      if (!session) return;
      const params = ctx.url.searchParams;
      const entry = visibleEntry(ctx, session, params.get('id') ?? '');
      if (!entry) return;
      const principal = panelActor(session).principal;
      const timeZone = deps.content.site().timezone;
      const w = words().revisions;
      try {
        const style = params.get('style');
        if (style !== null) {
          const old = readStyleVersion(deps.trustedFolders, deps.config.dataDir, entry.id, style);
          const now = readCurrent(deps.trustedFolders, join(entry.dir, 'style.css'));
          const right = canEditEntry(principal, entry, undefined);
          const body = renderDiffPage({
            id: entry.id, csrf: session.csrf, timeZone, target: { style },
            label: fill(w.cssLabel, { time: siteTimeOf(versionTime(style), timeZone) }),
            diff: { fields: [], body: diffText(old, now), unreadable: false },
            restoreRefusal: right.allowed ? null : right.reason,
          });
          return sendPanelPage(ctx, 200, renderPage({ title: w.compareCssTitle, viewer: session, active: 'content', body }));
        }
        const language = params.get('language') ?? '';
        const revision = params.get('revision') ?? '';
        const translation = entry.translations.get(language);
        if (!translation || !canSeeTranslation(principal, entry, translation)) throw new AppError('not_found', fill(w.noTranslation, { id: entry.id, language: language.slice(0, 20) }));
        const old = readRevision(deps.trustedFolders, deps.config.dataDir, entry.id, language, revision);
        const now = readCurrent(deps.trustedFolders, translation.file);
        const right = canEditEntry(principal, entry, translation);
        const body = renderDiffPage({
          id: entry.id, csrf: session.csrf, timeZone, target: { language, revision },
          label: fill(w.textLabel, { language, time: siteTimeOf(versionTime(revision), timeZone) }),
          diff: diffRevision(old, now),
          restoreRefusal: right.allowed ? null : right.reason,
        });
        sendPanelPage(ctx, 200, renderPage({ title: w.compareTitle, viewer: session, active: 'content', body }));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        sendPanelMessage(ctx, 404, w.noSuchVersion, error.message, session);
      }
    },

    async restore(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps, 'content.write');
      if (!posted) return;
      const { session, form } = posted;
      const entry = visibleEntry(ctx, session, form.get('id') ?? '');
      if (!entry) return;
      try {
        const style = form.get('style');
        if (style !== null) restoreStyleVersion(context, panelActor(session), entry, style);
        else restoreRevision(context, panelActor(session), entry, form.get('language') ?? '', form.get('revision') ?? '');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return sendPanelMessage(ctx, error.status, words().revisions.notRestored, error.message, session);
      }
      redirect(ctx.res, `${REVISIONS_PATH}?${new URLSearchParams({ id: entry.id, done: 'restored' }).toString()}`, 303, { 'cache-control': 'no-store' });
    },
  };
}
